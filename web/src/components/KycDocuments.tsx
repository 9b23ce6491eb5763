import { Download, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { KycDocumentType, KycSubmission } from '@contract/kyc';
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
/** The English words of a verification's state; `useKycStatusLabel` gives them in the active language. */
export const KYC_STATUS_LABEL: Record<KycSubmission['status'] | 'not_submitted', string> = {
  not_submitted: 'Not submitted',
  pending: 'In review',
  approved: 'Verified',
  rejected: 'Rejected',
};

// Keys spelled out whole, one per value, so the catalogue check sees each one used.
const KYC_STATUS_KEY = {
  not_submitted: 'kyc.status.not_submitted',
  pending: 'kyc.status.pending',
  approved: 'kyc.status.approved',
  rejected: 'kyc.status.rejected',
} as const satisfies Record<keyof typeof KYC_STATUS_LABEL, string>;

const DOCUMENT_KEY = {
  passport: 'kyc.documentType.passport',
  national_id: 'kyc.documentType.national_id',
  driving_licence: 'kyc.documentType.driving_licence',
} as const satisfies Record<KycDocumentType, string>;

/** A verification's state in the active language ("In review"), for badges and filters. */
export function useKycStatusLabel(): (status: keyof typeof KYC_STATUS_LABEL) => string {
  const { t } = useTranslation('ui');
  return (status) => t(KYC_STATUS_KEY[status]);
}

/** An identity document's kind in the active language ("Passport"). */
export function useKycDocumentLabel(): (type: KycDocumentType) => string {
  const { t } = useTranslation('ui');
  return (type) => t(DOCUMENT_KEY[type]);
}

export function KycStatusBadge({ status }: { status: KycSubmission['status'] }) {
  const label = useKycStatusLabel();
  return <Badge tone={KYC_STATUS_TONE[status]}>{label(status)}</Badge>;
}

const FILE_WORDS = {
  document: {
    label: 'kyc.file.document',
    download: 'kyc.file.downloadDocument',
    loading: 'kyc.file.loadingDocument',
  },
  selfie: { label: 'kyc.file.selfie', download: 'kyc.file.downloadSelfie', loading: 'kyc.file.loadingSelfie' },
} as const;

/** One stored file: images are shown, PDFs offered; both download through the authorised route. */
function KycFile({ url, mime, kind }: { url: string; mime: string; kind: keyof typeof FILE_WORDS }) {
  const { t } = useTranslation(['ui', 'common']);
  const words = FILE_WORDS[kind];
  const label = t(words.label);
  const isImage = mime.startsWith('image/');
  const file = useKycFile(isImage ? url : null);
  return (
    <figure className="flex min-w-0 flex-col gap-2 rounded-lg border border-line p-3">
      <figcaption className="flex items-center justify-between gap-2 text-sm font-medium">
        <span>{label}</span>
        <a className="btn-secondary px-2 py-1 text-xs" href={url} download aria-label={t(words.download)}>
          <Download className="size-4" aria-hidden="true" />
          {t('common:action.download')}
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
          <p className="text-sm text-danger">{t('kyc.file.failed')}</p>
        ) : (
          <Spinner label={t(words.loading)} />
        )
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted">
          <FileText className="size-5" aria-hidden="true" /> {t('kyc.file.pdf')}
        </p>
      )}
    </figure>
  );
}

/** The details and files of a submission, for its owner and for staff. */
export function KycDocuments({ submission, showFiles = true }: { submission: KycSubmission; showFiles?: boolean }) {
  const { t } = useTranslation('ui');
  const documentLabel = useKycDocumentLabel();
  const rows: [string, string][] = [
    [t('kyc.details.legalName'), submission.legalName],
    [t('kyc.details.dateOfBirth'), formatDate(submission.dateOfBirth)],
    [t('kyc.details.country'), countryName(submission.country)],
    [t('kyc.details.address'), submission.address],
    [t('kyc.details.document'), `${documentLabel(submission.documentType)} · ${submission.documentNumber}`],
    [t('kyc.details.submitted'), formatDateTime(submission.createdAt)],
  ];
  if (submission.reviewedAt) {
    const date = formatDateTime(submission.reviewedAt);
    rows.push([
      t('kyc.details.reviewed'),
      submission.reviewedBy ? t('kyc.details.reviewedBy', { date, name: submission.reviewedBy }) : date,
    ]);
  }
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
          <KycFile url={submission.documentUrl} mime={submission.documentMime} kind="document" />
          <KycFile url={submission.selfieUrl} mime={submission.selfieMime} kind="selfie" />
        </div>
      ) : null}
    </div>
  );
}
