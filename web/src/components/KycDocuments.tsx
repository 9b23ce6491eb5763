import { Download, FileText } from 'lucide-react';
import { KYC_DOCUMENT_LABELS, type KycSubmission } from '@contract/kyc';
import { useKycFile } from '../api/kyc';
import { countryName } from '../content/countries';
import { formatDate, formatDateTime } from '../lib/format';
import { Badge, type Tone } from './Notice';
import { Spinner } from './Spinner';

export const KYC_STATUS_TONE: Record<KycSubmission['status'], Tone> = {
  pending: 'info',
  approved: 'success',
  rejected: 'error',
};
export const KYC_STATUS_LABEL: Record<KycSubmission['status'] | 'not_submitted', string> = {
  not_submitted: 'Not submitted',
  pending: 'In review',
  approved: 'Verified',
  rejected: 'Rejected',
};

export function KycStatusBadge({ status }: { status: KycSubmission['status'] }) {
  return <Badge tone={KYC_STATUS_TONE[status]}>{KYC_STATUS_LABEL[status]}</Badge>;
}

/** One stored file: images are shown, PDFs offered; both download through the authorised route. */
function KycFile({ url, mime, label }: { url: string; mime: string; label: string }) {
  const isImage = mime.startsWith('image/');
  const file = useKycFile(isImage ? url : null);
  return (
    <figure className="flex min-w-0 flex-col gap-2 rounded-lg border border-line p-3">
      <figcaption className="flex items-center justify-between gap-2 text-sm font-medium">
        <span>{label}</span>
        <a
          className="btn-secondary px-2 py-1 text-xs"
          href={url}
          download
          aria-label={`Download ${label.toLowerCase()}`}
        >
          <Download className="size-4" aria-hidden="true" />
          Download
        </a>
      </figcaption>
      {isImage ? (
        file.url ? (
          <img
            src={file.url}
            alt={label}
            className="max-h-72 w-full rounded-md bg-surface-2 object-contain"
            data-testid="kyc-file-image"
          />
        ) : file.error ? (
          <p className="text-sm text-danger">Could not load this file.</p>
        ) : (
          <Spinner label={`Loading ${label.toLowerCase()}...`} />
        )
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted">
          <FileText className="size-5" aria-hidden="true" /> PDF document
        </p>
      )}
    </figure>
  );
}

/** The details and files of a submission, for its owner and for staff. */
export function KycDocuments({ submission, showFiles = true }: { submission: KycSubmission; showFiles?: boolean }) {
  const rows: [string, string][] = [
    ['Legal name', submission.legalName],
    ['Date of birth', formatDate(submission.dateOfBirth)],
    ['Country', countryName(submission.country)],
    ['Address', submission.address],
    ['Document', `${KYC_DOCUMENT_LABELS[submission.documentType]} · ${submission.documentNumber}`],
    ['Submitted', formatDateTime(submission.createdAt)],
  ];
  if (submission.reviewedAt)
    rows.push([
      'Reviewed',
      `${formatDateTime(submission.reviewedAt)}${submission.reviewedBy ? ` by ${submission.reviewedBy}` : ''}`,
    ]);
  return (
    <div className="flex flex-col gap-4" data-testid="kyc-documents">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="min-w-0 break-words font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {showFiles ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <KycFile url={submission.documentUrl} mime={submission.documentMime} label="Identity document" />
          <KycFile url={submission.selfieUrl} mime={submission.selfieMime} label="Selfie" />
        </div>
      ) : null}
    </div>
  );
}
