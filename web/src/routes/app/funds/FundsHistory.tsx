import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserDeposits, useUserWithdrawals, type Deposit, type Withdrawal } from '../../../api/funds';
import { SectionCard } from '../../../components/Card';
import { DataTable, StackedRow, type Column } from '../../../components/DataTable';
import { StatusBadge } from '../../../components/OrderReceipt';
import { QueryView } from '../../../components/QueryView';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { userBase } from '../../../lib/paths';
import { Tabs } from '../../../components/ui/Tabs';

type HistoryTab = 'deposits' | 'withdrawals';

function OrderLink({ userName, reference }: { userName: string; reference: string }) {
  return (
    <Link
      to={`${userBase(userName)}/order/${encodeURIComponent(reference)}`}
      className="font-mono text-xs text-accent underline-offset-2 hover:underline"
    >
      {reference}
    </Link>
  );
}

function DepositHistory({ userId, userName }: { userId: number; userName: string }) {
  const { t } = useTranslation('app');
  const { t: tc } = useTranslation('common');
  const [page, setPage] = useState(1);
  const list = useUserDeposits(userId, page);
  const columns: Column<Deposit>[] = [
    { label: tc('word.date'), cell: (d) => <span className="whitespace-nowrap">{formatDateTime(d.createdAt)}</span> },
    { label: t('history.reference'), cell: (d) => <OrderLink userName={userName} reference={d.referenceNumber} /> },
    {
      label: t('history.method'),
      cell: (d) => (d.manual ? t('history.manual', { currency: d.currency }) : d.currency),
      from: 'md',
    },
    {
      label: tc('word.amount'),
      numeric: true,
      cell: (d) => <span className="font-semibold whitespace-nowrap">{formatMoney(d.amount)}</span>,
    },
    { label: tc('word.status'), numeric: true, cell: (d) => <StatusBadge status={d.status} /> },
  ];
  return (
    <QueryView query={list} fallback={t('history.deposits.loadFailed')} loadingLabel={t('history.deposits.loading')}>
      {(data) => (
        <DataTable
          layout="section"
          rows={data.data}
          columns={columns}
          rowKey={(d) => d.id}
          caption={t('history.deposits.caption')}
          emptyText={t('history.deposits.empty')}
          stale={list.isPlaceholderData}
          narrowRow={(d) => (
            <StackedRow
              title={<OrderLink userName={userName} reference={d.referenceNumber} />}
              status={<StatusBadge status={d.status} />}
              detail={`${d.currency} · ${formatDateTime(d.createdAt)}`}
              amount={formatMoney(d.amount)}
            />
          )}
          testId="deposit-history"
          pager={{ page: data.currentPage, totalPages: data.totalPages, onPageChange: setPage }}
        />
      )}
    </QueryView>
  );
}

function WithdrawalHistory({ userId, userName }: { userId: number; userName: string }) {
  const { t } = useTranslation('app');
  const { t: tc } = useTranslation('common');
  const [page, setPage] = useState(1);
  const list = useUserWithdrawals(userId, page);
  const columns: Column<Withdrawal>[] = [
    { label: tc('word.date'), cell: (w) => <span className="whitespace-nowrap">{formatDateTime(w.createdAt)}</span> },
    { label: t('history.reference'), cell: (w) => <OrderLink userName={userName} reference={w.referenceNumber} /> },
    {
      label: t('history.to'),
      cell: (w) => (
        <span className="block max-w-56 truncate font-mono text-xs" title={w.destination}>
          {w.currency} · {w.destination}
        </span>
      ),
      from: 'lg',
    },
    {
      label: tc('word.amount'),
      numeric: true,
      cell: (w) => <span className="font-semibold whitespace-nowrap">{formatMoney(w.amount)}</span>,
    },
    { label: t('history.fee'), numeric: true, cell: (w) => formatMoney(w.fee), from: 'md' },
    { label: tc('word.status'), numeric: true, cell: (w) => <StatusBadge status={w.status} /> },
  ];
  return (
    <QueryView
      query={list}
      fallback={t('history.withdrawals.loadFailed')}
      loadingLabel={t('history.withdrawals.loading')}
    >
      {(data) => (
        <DataTable
          layout="section"
          rows={data.data}
          columns={columns}
          rowKey={(w) => w.id}
          caption={t('history.withdrawals.caption')}
          emptyText={t('history.withdrawals.empty')}
          stale={list.isPlaceholderData}
          narrowRow={(w) => (
            <StackedRow
              title={<OrderLink userName={userName} reference={w.referenceNumber} />}
              status={<StatusBadge status={w.status} />}
              detail={t('history.withdrawals.detail', {
                currency: w.currency,
                fee: formatMoney(w.fee),
                date: formatDateTime(w.createdAt),
              })}
              amount={formatMoney(w.amount)}
            />
          )}
          testId="withdrawal-history"
          pager={{ page: data.currentPage, totalPages: data.totalPages, onPageChange: setPage }}
        />
      )}
    </QueryView>
  );
}

/** Deposits and withdrawals, 10 per page, each linking to its receipt. */
export function FundsHistory({ userId, userName }: { userId: number; userName: string }) {
  const { t } = useTranslation('app');
  const [tab, setTab] = useState<HistoryTab>('deposits');
  return (
    <SectionCard
      title={t('history.title')}
      icon={History}
      testId="funds-history"
      actions={
        <Link to={`${userBase(userName)}/transactions-history`} className="btn-secondary px-3">
          {t('history.all')}
        </Link>
      }
    >
      <Tabs<HistoryTab>
        compact
        label={t('history.title')}
        value={tab}
        onValueChange={setTab}
        tabs={[
          {
            value: 'deposits',
            label: t('history.deposits.tab'),
            content: <DepositHistory userId={userId} userName={userName} />,
          },
          {
            value: 'withdrawals',
            label: t('history.withdrawals.tab'),
            content: <WithdrawalHistory userId={userId} userName={userName} />,
          },
        ]}
      />
    </SectionCard>
  );
}
