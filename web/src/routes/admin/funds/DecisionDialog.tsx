import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DECISION_REASON_MAX, PAYOUT_REFERENCE_MAX, zDecisionReason, zPayoutReference } from '@contract/funds';
import { Field, TextField, describedBy, inputClass } from '../../../components/FormField';
import { Modal } from '../../../components/ui/Modal';
import { decisionQuestion, decisionTitle, type Decision, type DecisionNoun, type MoneyT } from './fundsRules';

/** What staff say with a decision, as the API takes it. */
export interface DecisionNote {
  reason?: string;
  payoutReference?: string;
}

/** The contract's optional fields; a rejection always asks for its reason (the API keeps it optional). */
const noteSchema = (t: MoneyT, decision: Decision) =>
  z
    .object({ reason: zDecisionReason, payoutReference: zPayoutReference })
    .refine((n) => decision !== 'reject' || Boolean(n.reason), {
      message: t('decision.reason.missing'),
      path: ['reason'],
    });

interface DecisionDialogProps {
  /** The pending decision, or null when the dialog is closed. */
  decision: Decision | null;
  noun: DecisionNoun;
  /** What is decided, e.g. "Deposit #12 · $100.00 by ada". */
  summary?: string;
  /** The question, when not "Are you sure you want to approve this …?". */
  question?: ReactNode;
  title?: string;
  /** A payout by hand is being approved: ask for its transaction hash or bank reference. */
  payout?: boolean;
  /** What the decision will do, e.g. whether BTCPay sends the payout; part of the description read on opening. */
  note?: ReactNode;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (note: DecisionNote) => void;
}

function DecisionForm({
  formId,
  decision,
  payout,
  onConfirm,
}: {
  formId: string;
  decision: Decision;
  payout: boolean;
  onConfirm: (note: DecisionNote) => void;
}) {
  const { t } = useTranslation('adminMoney');
  const reasonId = useId();
  const form = useForm<z.input<ReturnType<typeof noteSchema>>, unknown, DecisionNote>({
    resolver: zodResolver(noteSchema(t, decision)),
    defaultValues: { reason: '', payoutReference: '' },
  });
  const { errors } = form.formState;
  const reasonError = errors.reason?.message;
  return (
    <form id={formId} className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit(onConfirm)}>
      <Field
        id={reasonId}
        label={decision === 'reject' ? t('decision.reason.rejectLabel') : t('decision.reason.noteLabel')}
        aside={decision === 'reject' ? t('field.required') : t('field.optional')}
        error={reasonError}
        hint={t('decision.reason.hint')}
      >
        <textarea
          id={reasonId}
          className={`${inputClass} min-h-20`}
          maxLength={DECISION_REASON_MAX}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={describedBy(reasonId, reasonError, 'hint')}
          aria-required={decision === 'reject'}
          {...form.register('reason')}
        />
      </Field>
      {payout && decision === 'approve' ? (
        <TextField
          label={t('decision.payoutReference.label')}
          aside={t('field.optional')}
          hint={t('decision.payoutReference.hint')}
          autoComplete="off"
          spellCheck={false}
          maxLength={PAYOUT_REFERENCE_MAX}
          error={errors.payoutReference?.message}
          {...form.register('payoutReference')}
        />
      ) : null}
    </form>
  );
}

/**
 * "Are you sure you want to approve this transaction?" with Cancel / Confirm (spec §2), and what the decision
 * tells the user: a reason (required on a rejection) and, for a payout made by hand, its reference.
 */
export function DecisionDialog({
  decision,
  noun,
  summary,
  question,
  title,
  payout = false,
  note,
  busy,
  onCancel,
  onConfirm,
}: DecisionDialogProps) {
  const { t } = useTranslation('adminMoney');
  const { t: tc } = useTranslation('common');
  const formId = useId();
  return (
    <Modal
      open={decision !== null}
      onOpenChange={(o) => (o ? undefined : onCancel())}
      title={title ?? decisionTitle(t, decision ?? 'approve', noun)}
      description={
        decision ? (
          <>
            {question ?? decisionQuestion(t, decision, noun)}
            {summary ? <span className="mt-2 block font-medium text-fg">{summary}</span> : null}
            {note ? (
              <span
                className="mt-3 block rounded-lg border border-line bg-surface-2 px-3 py-2 text-fg"
                data-testid="decision-outcome"
              >
                {note}
              </span>
            ) : null}
          </>
        ) : undefined
      }
      size="md"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            {tc('action.cancel')}
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={busy}>
            {busy ? (decision === 'reject' ? t('decision.rejecting') : t('decision.approving')) : tc('action.confirm')}
          </button>
        </>
      }
    >
      {/* Mounted per opening: every decision starts blank. */}
      {decision ? <DecisionForm formId={formId} decision={decision} payout={payout} onConfirm={onConfirm} /> : null}
    </Modal>
  );
}
