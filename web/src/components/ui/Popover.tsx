import { Popover as RadixPopover } from 'radix-ui';
import type { ReactNode } from 'react';

interface PopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The control that opens it (rendered as Radix's trigger, so it gets aria-expanded). */
  trigger: ReactNode;
  align?: 'start' | 'end';
  sideOffset?: number;
  /** Size and padding of the panel; the surface, border and shadow are the same everywhere. */
  className?: string;
  children: ReactNode;
  testId?: string;
}

/** A panel anchored to its trigger (Radix: focus moves in, Escape and outside clicks close it). */
export function Popover({
  open,
  onOpenChange,
  trigger,
  align = 'start',
  sideOffset = 6,
  className = '',
  children,
  testId,
}: PopoverProps) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          align={align}
          sideOffset={sideOffset}
          className={`z-50 rounded-xl border border-line bg-surface text-fg shadow-lg ${className}`}
          data-testid={testId}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
