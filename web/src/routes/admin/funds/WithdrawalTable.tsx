import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '../../../api/adminFunds';
import { DataTable, type Column } from '../../../components/DataTable';
import { CopyButton } from '../../../components/RecoveryCodes';
import { UserCell } from '../../../components/TableCells';
import { formatMoney } from '../../../lib/format';
import { decisionColumns } from './decisionColumns';
import {
  approvalRouteWords,
  approvalRuleWords,
  canDecideWithdrawal,
  waitsForSecondApproval,
  withdrawalApproval,
  type Decision,
  type MoneyT,
} from './fundsRules';

interface Props {
  items: Withdrawal[];
  canDecide: boolean;
  /** The staff member looking: who may not give a second approval (their own first one). */
  viewerId?: number;
  onDecide: (withdrawal: Withdrawal, decision: Decision) => void;
}

/** How the rules routed it and the rule that decided, and whether it waits for its second approval. */
function Approval({ w }: { w: Withdrawal }) {
  const { t } = useTranslation('adminMoney');
  if (!w.approvalRoute) return <span className="text-muted">—</span>;
  return (
    <div className="flex min-w-0 flex-col items-start gap-1 max-lg:items-end">
      <span className="font-medium whitespace-nowrap">{approvalRouteWords(t, w.approvalRoute)}</span>
      {w.approvalRule ? <span className="text-xs text-muted">{approvalRuleWords(t, w.approvalRule)}</span> : null}
      {waitsForSecondApproval(w) ? (
        // A pill like Badge's that may wrap: the column stays narrow.
        <span
          className="rounded-lg bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100"
          data-testid="second-approval-marker"
        >
          {t('approval.waitingSecond')}
        </span>
      ) : null}
    </div>
  );
}

/**
 * BTCPay's payout states as staff meet them in BTCPay itself ("AwaitingPayment" -> "Awaiting payment"), in the
 * active language; a state this code does not know reads as BTCPay spells it, its words spaced.
 */
const PAYOUT_STATE = {
  Creating: 'payout.state.Creating',
  AwaitingApproval: 'payout.state.AwaitingApproval',
  AwaitingPayment: 'payout.state.AwaitingPayment',
  InProgress: 'payout.state.InProgress',
  Completed: 'payout.state.Completed',
  Cancelled: 'payout.state.Cancelled',
} as const;
const payoutStateWords = (t: MoneyT, state: string) => {
  if (Object.hasOwn(PAYOUT_STATE, state)) return t(PAYOUT_STATE[state as keyof typeof PAYOUT_STATE]);
  const words = state.replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0) + words.slice(1).toLowerCase();
};
/** BTCPay ids are long base58: the start and end identify one at a glance. */
const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 6)}…${id.slice(-4)}` : id);

/** The BTCPay payout sending it: its state, its id (copyable) and, once sent, its transaction. */
function Payout({ payout }: { payout: Withdrawal['payout'] }) {
  const { t } = useTranslation('adminMoney');
  if (!payout) return <span className="text-muted">—</span>;
  return (
    <div className="flex min-w-0 flex-col items-start gap-0.5 max-lg:items-end" data-testid="payout-cell">
      <span className="whitespace-nowrap">{payoutStateWords(t, payout.state)}</span>
      {payout.id ? (
        <span className="flex items-center gap-1">
          <span className="font-mono text-xs text-muted" title={payout.id} data-testid="payout-id">
            {shortId(payout.id)}
          </span>
          <CopyButton text={payout.id} label={t('payout.copyId')} iconOnly className="btn-ghost p-1" />
        </span>
      ) : null}
      {payout.link ? (
        <a
          href={payout.link}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-xs text-accent underline"
          title={payout.txid ?? undefined}
        >
          {t('payout.transaction')}
          <ExternalLink className="size-3" aria-hidden="true" />
        </a>
      ) : null}
    </div>
  );
}

/**
 * The currency over the address it is paid to (one column for both, so the table fits 1280 px with its
 * actions); the full address in a tooltip, the cell shows what fits.
 */
function Destination({ currency, value }: { currency: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="font-medium whitespace-nowrap">{currency}</span>
      <span className="block truncate font-mono text-xs text-muted" title={value}>
        {value || '—'}
      </span>
    </div>
  );
}

/**
 * One page of withdrawals with Approve / Reject on pending ones (spec §2 User Withdrawals), how each was approved
 * and the BTCPay payout sending it.
 */
export function WithdrawalTable({ items, canDecide, viewerId, onDecide }: Props) {
  const { t } = useTranslation('adminMoney');
  const columns: Column<Withdrawal>[] = [
    {
      label: t('column.user'),
      cell: (w) => <UserCell id={w.userId} userName={w.userName} />,
      className: 'max-w-32',
      card: 'title',
    },
    {
      // Fee and net under the amount, so the table keeps room for approval and payout at 1280 px.
      label: t('column.amount'),
      numeric: true,
      cell: (w) => (
        <div className="flex flex-col items-end whitespace-nowrap">
          <span className="font-medium">{formatMoney(w.amount)}</span>
          <span className="text-xs text-muted">{t('withdrawals.feeLine', { amount: formatMoney(w.fee) })}</span>
          <span className="text-xs">{t('withdrawals.netLine', { amount: formatMoney(w.netAmount) })}</span>
        </div>
      ),
      cardCell: (w) => <span className="font-semibold">{formatMoney(w.amount)}</span>,
    },
    { label: t('column.fee'), cell: (w) => formatMoney(w.fee), card: 'only' },
    { label: t('column.net'), cell: (w) => formatMoney(w.netAmount), card: 'only' },
    {
      label: t('column.destination'),
      cell: (w) => <Destination currency={w.currency} value={w.destination} />,
      className: 'max-w-32',
    },
    { label: t('column.approval'), cell: (w) => <Approval w={w} />, className: 'min-w-36 max-w-44' },
    { label: t('column.payout'), cell: (w) => <Payout payout={w.payout} />, card: 'only' },
    ...decisionColumns<Withdrawal>({
      t,
      noun: 'withdrawal',
      canDecide,
      open: canDecideWithdrawal,
      onDecide,
      statusDetail: (w) => (w.payout ? <Payout payout={w.payout} /> : null),
      approval: (w) => withdrawalApproval(t, w, viewerId),
    }),
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(w) => w.id}
      caption={t('withdrawals.caption')}
      emptyText={t('withdrawals.empty')}
      minWidth="min-w-[860px]"
      testId="withdrawal-table"
      rowTestId="withdrawal-row"
      cardTestId="withdrawal-item"
      rowData={(w) => ({ 'data-reference': w.referenceNumber })}
      cardReference={(w) => w.referenceNumber}
    />
  );
}
