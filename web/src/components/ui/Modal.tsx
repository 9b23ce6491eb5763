import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countOpen } from './dialogOpen';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  /** False for a dialog the user must answer (no close button, Escape and outside clicks ignored). */
  dismissible?: boolean;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' };

/** Centered dialog on Radix (focus trap, Escape, labelled by its title). */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  dismissible = true,
  size = 'md',
  testId,
}: ModalProps) {
  const { t } = useTranslation('common');
  useEffect(() => {
    if (!open) return;
    countOpen(1);
    return () => countOpen(-1);
  }, [open]);
  // A click on a toast (its close button) is not a click away from the dialog.
  const block = (event: Event) => {
    const onToast = event.target instanceof Element && event.target.closest('[data-sonner-toaster]') !== null;
    if (!dismissible || onToast) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content
          data-testid={testId}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-line bg-surface text-fg shadow-2xl`}
        >
          <div className="flex items-start gap-3 border-b border-line px-5 py-4">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>
              ) : null}
            </div>
            {dismissible ? (
              <Dialog.Close className="icon-btn -mt-1 -mr-2 size-9" aria-label={t('action.close')}>
                <X className="size-5" aria-hidden="true" />
              </Dialog.Close>
            ) : null}
          </div>
          {children ? <div className="overflow-y-auto px-5 py-4">{children}</div> : null}
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-4 sm:flex-row sm:justify-end">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
