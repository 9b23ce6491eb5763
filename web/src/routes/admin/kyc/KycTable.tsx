import { Flag } from 'lucide-react';
import { KYC_DOCUMENT_LABELS, type KycQueueItem } from '@contract/kyc';
import { countryName } from '../../../content/countries';
import { KycStatusBadge } from '../../../components/KycDocuments';
import { Badge } from '../../../components/Notice';
import { formatDateTime } from '../../../lib/format';
import { DateTimeCell, EmptyTable, ItemCard, ItemList, TableFrame, UserCell, type Column } from '../funds/FundsTable';

function DuplicateFlag({ flagged }: { flagged: boolean }) {
  return flagged ? (
    <Badge tone="warning">
      <Flag className="size-3" aria-hidden="true" />
      Possible duplicate
    </Badge>
  ) : (
    <span className="text-muted">—</span>
  );
}

/** One page of the review queue; Review opens the submission with its documents. */
export function KycTable({ items, onOpen }: { items: KycQueueItem[]; onOpen: (item: KycQueueItem) => void }) {
  if (items.length === 0) return <EmptyTable>No verifications match this filter.</EmptyTable>;
  const columns: Column[] = [
    { label: 'User' },
    { label: 'Legal name' },
    { label: 'Country' },
    { label: 'Document' },
    { label: 'Status' },
    { label: 'Flags' },
    { label: 'Submitted' },
    { label: 'Actions', numeric: true },
  ];
  const review = (k: KycQueueItem) => (
    <button
      type="button"
      className="btn-secondary px-3 py-1 text-sm"
      onClick={() => onOpen(k)}
      aria-label={`Review verification #${k.id} of ${k.userName}`}
    >
      Review
    </button>
  );
  return (
    <>
      <TableFrame caption="Identity verifications" columns={columns} minWidth="min-w-[900px]" testId="kyc-table">
        {items.map((k) => (
          <tr key={k.id} data-testid="kyc-row" data-user={k.userName}>
            <td className="max-w-40 px-3 py-3">
              <UserCell id={k.userId} userName={k.userName} />
            </td>
            <td className="max-w-48 truncate px-3 py-3">{k.legalName}</td>
            <td className="px-3 py-3">{countryName(k.country)}</td>
            <td className="px-3 py-3 whitespace-nowrap">{KYC_DOCUMENT_LABELS[k.documentType]}</td>
            <td className="px-3 py-3">
              <KycStatusBadge status={k.status} />
            </td>
            <td className="px-3 py-3">
              <DuplicateFlag flagged={k.duplicateFlag} />
            </td>
            <td className="px-3 py-3">
              <DateTimeCell iso={k.createdAt} />
            </td>
            <td className="px-3 py-3 text-right">{review(k)}</td>
          </tr>
        ))}
      </TableFrame>
      <ItemList label="Identity verifications">
        {items.map((k) => (
          <ItemCard
            key={k.id}
            testId="kyc-item"
            reference={String(k.id)}
            title={<UserCell id={k.userId} userName={k.userName} />}
            badge={<KycStatusBadge status={k.status} />}
            fields={[
              { label: 'Legal name', value: k.legalName },
              { label: 'Country', value: countryName(k.country) },
              { label: 'Document', value: KYC_DOCUMENT_LABELS[k.documentType] },
              { label: 'Flags', value: <DuplicateFlag flagged={k.duplicateFlag} /> },
              { label: 'Submitted', value: formatDateTime(k.createdAt) },
            ]}
            actions={review(k)}
          />
        ))}
      </ItemList>
    </>
  );
}
