import { Dialog, VisuallyHidden } from 'radix-ui';
import type { ReactNode } from 'react';

interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Read by screen readers only; the drawer's content shows its own heading. */
  title: string;
  /** Extra classes of the panel and overlay, e.g. `md:hidden` for a phone-only drawer. */
  className?: string;
  children: ReactNode;
}

/** A panel sliding over the page from the left edge (Radix Dialog: focus trap, Escape). */
export function Drawer({ open, onOpenChange, title, className = '', children }: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={`fixed inset-0 z-40 bg-black/50 ${className}`} />
        <Dialog.Content
          className={`fixed inset-y-0 left-0 z-50 w-64 max-w-[85vw] border-r border-line bg-surface ${className}`}
          aria-describedby={undefined}
        >
          <VisuallyHidden.Root asChild>
            <Dialog.Title>{title}</Dialog.Title>
          </VisuallyHidden.Root>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
