import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { KycMsg } from '@contract/kyc';
import { errorMessage } from '../../../api/client';
import { useDecideKyc, useKycReview } from '../../../api/kyc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DuplicateSignals } from '../../../components/DuplicateSignals';
import { Field, describedBy, inputClass } from '../../../components/FormField';
import { KycDocuments, KycStatusBadge } from '../../../components/KycDocuments';
import { Modal } from '../../../components/ui/Modal';
import { LoadError, Notice } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';
import { translateMessage } from '../../../i18n/messages';
import { formatDateTime } from '../../../lib/format';

/** A submission with its documents, history and duplicate flags; admins approve or reject a pending one. */
export function KycReviewModal({
  id,
  canDecide,
  onClose,
}: {
  id: number | null;
  canDecide: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const review = useKycReview(id);
  const decide = useDecideKyc();
  const reasonId = useId();
  const [confirming, setConfirming] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const data = review.data;
  const pending = data?.submission.status === 'pending';

  const close = () => {
    setConfirming(null);
    setReason('');
    setReasonError(undefined);
    onClose();
  };
  const ask = (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && reason.trim().length < 5) {
      setReasonError(KycMsg.reasonRequired);
      return;
    }
    setConfirming(decision);
  };
  const confirm = () => {
    if (!data || !confirming) return;
    decide.mutate(
      { id: data.submission.id, decision: confirming, reason: reason.trim() },
      {
        onSuccess: ({ message }) => {
          toast.success(translateMessage(message));
          close();
        },
        onError: (err) => {
          toast.error(errorMessage(err, t('kyc.review.decideFailed')));
          setConfirming(null);
        },
      },
    );
  };

  return (
    <>
      <Modal
        open={id !== null && confirming === null}
        onOpenChange={(o) => (o ? undefined : close())}
        title={
          data
            ? t('kyc.review.title', { id: data.submission.id, userName: data.user.userName })
            : t('kyc.review.titlePending')
        }
        size="lg"
        testId="kyc-review"
      >
        {review.isPending ? (
          <Spinner />
        ) : review.isError ? (
          <LoadError error={review.error} fallback={t('kyc.review.failed')} onRetry={() => void review.refetch()} />
        ) : data ? (
          <div className="flex flex-col gap-5">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <KycStatusBadge status={data.submission.status} />
              <span className="text-muted">
                {data.user.firstName} {data.user.lastName} · {data.user.email} ·{' '}
                {t('kyc.review.registered', { date: formatDateTime(data.user.createdAt) })}
              </span>
            </div>
            {data.submission.rejectionReason ? (
              <Notice tone="warning" title={t('kyc.review.rejected')}>
                {data.submission.rejectionReason}
              </Notice>
            ) : null}
            <section aria-label={t('users.duplicates.title')}>
              <h3 className="mb-2 text-sm font-semibold">{t('users.duplicates.title')}</h3>
              <DuplicateSignals signals={data.duplicates} />
            </section>
            <KycDocuments submission={data.submission} />
            {data.history.length ? (
              <section aria-label={t('kyc.review.earlier')}>
                <h3 className="mb-2 text-sm font-semibold">{t('kyc.review.earlier')}</h3>
                <ul className="flex flex-col gap-1 text-sm">
                  {data.history.map((h) => (
                    <li key={h.id}>
                      #{h.id} · {formatDateTime(h.createdAt)} · <KycStatusBadge status={h.status} />{' '}
                      {h.rejectionReason ? `— ${h.rejectionReason}` : ''}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {pending && canDecide ? (
              <div className="flex flex-col gap-3 border-t border-line pt-4">
                <Field id={reasonId} label={t('kyc.review.reason')} error={reasonError}>
                  <textarea
                    id={reasonId}
                    className={`${inputClass} min-h-20`}
                    value={reason}
                    maxLength={500}
                    aria-invalid={reasonError ? true : undefined}
                    aria-describedby={describedBy(reasonId, reasonError)}
                    onChange={(e) => {
                      setReason(e.target.value);
                      setReasonError(undefined);
                    }}
                  />
                </Field>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <button type="button" className="btn-secondary" onClick={() => ask('reject')}>
                    {t('kyc.review.reject')}
                  </button>
                  <button type="button" className="btn-primary" onClick={() => ask('approve')}>
                    {t('kyc.review.approve')}
                  </button>
                </div>
              </div>
            ) : pending ? (
              <p className="text-sm text-muted">{t('kyc.review.adminsOnly')}</p>
            ) : null}
          </div>
        ) : null}
      </Modal>
      <ConfirmDialog
        open={confirming !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
        title={confirming === 'approve' ? t('kyc.confirm.approveTitle') : t('kyc.confirm.rejectTitle')}
        description={
          data
            ? confirming === 'approve'
              ? t('kyc.confirm.approveDescription', { userName: data.user.userName })
              : t('kyc.confirm.rejectDescription', { userName: data.user.userName })
            : undefined
        }
        confirmLabel={confirming === 'approve' ? t('kyc.review.approve') : t('kyc.review.reject')}
        busyLabel={t('shared.saving')}
        cancelLabel={tc('action.cancel')}
        busy={decide.isPending}
      />
    </>
  );
}
