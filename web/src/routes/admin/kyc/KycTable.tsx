import { Flag } from 'lucide-react';
import { KYC_DOCUMENT_LABELS, type KycQueueItem } from '@contract/kyc';
import { countryName } from '../../../content/countries';
import { DataTable, type Column } from '../../../components/DataTable';
import { KycStatusBadge } from '../../../components/KycDocuments';
import { Badge } from '../../../components/Notice';
import { DateTimeCell, UserCell } from '../../../components/TableCells';
import { formatDateTime } from '../../../lib/format';

function DuplicateFlag({ flagged }: { flagged: boolean }) {
  return flagged ? (
    <Badge tone="warning">
      <Flag className="size-3 shrink-0" aria-hidden="true" />
      <span className="whitespace-normal">Possible duplicate</span>
    </Badge>
  ) : (
    <span className="text-muted">—</span>
  );
}

/** One page of the review queue; Review opens the submission with its documents. */
export function KycTable({ items, onOpen }: { items: KycQueueItem[]; onOpen: (item: KycQueueItem) => void }) {
  const columns: Column<KycQueueItem>[] = [
    {
      label: 'User',
      cell: (k) => <UserCell id={k.userId} userName={k.userName} />,
      className: 'max-w-40',
      card: 'title',
    },
    { label: 'Legal name', cell: (k) => k.legalName, className: 'max-w-40 truncate' },
    { label: 'Country', cell: (k) => countryName(k.country) },
    { label: 'Document', cell: (k) => KYC_DOCUMENT_LABELS[k.documentType], className: 'max-w-32' },
    { label: 'Status', cell: (k) => <KycStatusBadge status={k.status} />, card: 'badge' },
    // A flagged row's badge is the widest cell: it wraps rather than widen the table past 1280 px.
    { label: 'Flags', cell: (k) => <DuplicateFlag flagged={k.duplicateFlag} />, className: 'max-w-32' },
    {
      label: 'Submitted',
      cell: (k) => <DateTimeCell iso={k.createdAt} />,
      cardCell: (k) => formatDateTime(k.createdAt),
    },
    {
      label: 'Actions',
      numeric: true,
      cell: (k) => (
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-sm"
          onClick={() => onOpen(k)}
          aria-label={`Review verification #${k.id} of ${k.userName}`}
        >
          Review
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
      caption="Identity verifications"
      emptyText="No verifications match this filter."
      minWidth="min-w-[900px]"
      testId="kyc-table"
      rowTestId="kyc-row"
      cardTestId="kyc-item"
      rowData={(k) => ({ 'data-user': k.userName })}
      cardReference={(k) => String(k.id)}
    />
  );
}
