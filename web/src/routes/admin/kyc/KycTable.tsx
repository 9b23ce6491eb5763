import { Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { KycQueueItem } from '@contract/kyc';
import { DataTable, type Column } from '../../../components/DataTable';
import { KycStatusBadge } from '../../../components/KycDocuments';
import { Badge } from '../../../components/Notice';
import { DateTimeCell, UserCell } from '../../../components/TableCells';
import { formatDateTime } from '../../../lib/format';
import { useKycWords } from './kycWords';

function DuplicateFlag({ flagged }: { flagged: boolean }) {
  const { t } = useTranslation('admin');
  return flagged ? (
    <Badge tone="warning">
      <Flag className="size-3 shrink-0" aria-hidden="true" />
      <span className="whitespace-normal">{t('kyc.table.possibleDuplicate')}</span>
    </Badge>
  ) : (
    <span className="text-muted">—</span>
  );
}

/** One page of the review queue; Review opens the submission with its documents. */
export function KycTable({ items, onOpen }: { items: KycQueueItem[]; onOpen: (item: KycQueueItem) => void }) {
  const { t } = useTranslation('admin');
  const words = useKycWords();
  const columns: Column<KycQueueItem>[] = [
    {
      label: t('kyc.table.user'),
      cell: (k) => <UserCell id={k.userId} userName={k.userName} />,
      className: 'max-w-40',
      card: 'title',
    },
    { label: t('kyc.table.legalName'), cell: (k) => k.legalName, className: 'max-w-40 truncate' },
    { label: t('kyc.table.country'), cell: (k) => words.country(k.country) },
    { label: t('kyc.table.document'), cell: (k) => words.document(k.documentType), className: 'max-w-32' },
    { label: t('kyc.table.status'), cell: (k) => <KycStatusBadge status={k.status} />, card: 'badge' },
    // A flagged row's badge is the widest cell: it wraps rather than widen the table past 1280 px.
    { label: t('kyc.table.flags'), cell: (k) => <DuplicateFlag flagged={k.duplicateFlag} />, className: 'max-w-32' },
    {
      label: t('kyc.table.submitted'),
      cell: (k) => <DateTimeCell iso={k.createdAt} />,
      cardCell: (k) => formatDateTime(k.createdAt),
    },
    {
      label: t('kyc.table.actions'),
      numeric: true,
      cell: (k) => (
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-sm"
          onClick={() => onOpen(k)}
          aria-label={t('kyc.table.reviewLabel', { id: k.id, userName: k.userName })}
        >
          {t('kyc.table.review')}
        </button>
      ),
      card: 'actions',
    },
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(k) => k.id}
      caption={t('kyc.table.caption')}
      emptyText={t('kyc.table.empty')}
      minWidth="min-w-[900px]"
      testId="kyc-table"
      rowTestId="kyc-row"
      cardTestId="kyc-item"
      rowData={(k) => ({ 'data-user': k.userName })}
      cardReference={(k) => String(k.id)}
    />
  );
}
