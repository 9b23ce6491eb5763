import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './ui/Modal';

interface ConfirmDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs, e.g. 'Deleting...'. */
  busyLabel: string;
  busy: boolean;
  cancelLabel?: string;
}

/** "Are you sure?" with Cancel and a confirm button that shows progress. */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  cancelLabel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? undefined : onCancel())}
      title={title}
      description={description}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {cancelLabel ?? t('action.cancel')}
          </button>
          <button type="button" className="btn-primary" onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    />
  );
}
