import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { decisionQuestion, type Decision } from './fundsRules';

interface DecisionDialogProps {
  /** The pending decision, or null when the dialog is closed. */
  decision: Decision | null;
  noun: 'transaction' | 'withdrawal';
  /** What is decided, e.g. "Deposit #12 · $100.00 by ada". */
  summary?: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Are you sure you want to approve this transaction?" with Cancel / Confirm (spec §2). */
export function DecisionDialog({ decision, noun, summary, busy, onCancel, onConfirm }: DecisionDialogProps) {
  const title = decision === 'reject' ? `Reject ${noun}` : `Approve ${noun}`;
  return (
    <ConfirmDialog
      open={decision !== null}
      onCancel={onCancel}
      onConfirm={onConfirm}
      title={title}
      description={
        decision ? (
          <>
            {decisionQuestion(decision, noun)}
            {summary ? <span className="mt-2 block font-medium text-fg">{summary}</span> : null}
          </>
        ) : undefined
      }
      confirmLabel="Confirm"
      busyLabel={decision === 'reject' ? 'Rejecting...' : 'Approving...'}
      busy={busy}
    />
  );
}
