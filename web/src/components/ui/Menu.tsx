import { DropdownMenu } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

interface MenuProps {
  /** The button that opens the menu (rendered as Radix's trigger). */
  trigger: ReactNode;
  align?: 'start' | 'end';
  sideOffset?: number;
  /** Tailwind min-width class of the panel. */
  minWidth?: string;
  children: ReactNode;
}

/** A dropdown menu (Radix: arrow keys, typeahead, Escape), non-modal so the page stays usable. */
export function Menu({ trigger, align = 'start', sideOffset = 6, minWidth = 'min-w-52', children }: MenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={sideOffset}
          className={`z-50 ${minWidth} rounded-xl border border-line bg-surface p-1.5 text-fg shadow-lg`}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export const menuItemClass =
  'flex items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2';

/** One entry; with `asChild` a link keeps its own element and class. */
export function MenuItem({ className = menuItemClass, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return <DropdownMenu.Item className={className} {...props} />;
}

export function MenuLabel({ className = 'px-3 py-2', ...props }: ComponentProps<typeof DropdownMenu.Label>) {
  return <DropdownMenu.Label className={className} {...props} />;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-line" />;
}
