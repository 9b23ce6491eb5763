import { z } from 'zod';
import { fill } from './fill';
import { formatUsd } from './money';
import { text } from './text';
import { zIdParam, zPage, zPageQuery } from './pagination';
import { route } from './route';
import { zDateOfBirth } from './users';

/** Identity verification (KYC): not submitted -> pending -> approved | rejected -> (resubmit) pending. */
export const KYC_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycSubmissionStatus = (typeof KYC_STATUSES)[number];
export type KycStatus = KycSubmissionStatus | 'not_submitted';
export const KYC_DOCUMENT_TYPES = ['passport', 'national_id', 'driving_licence'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];
export const KYC_DOCUMENT_LABELS: Record<KycDocumentType, string> = {
  passport: 'Passport',
  national_id: 'National ID card',
  driving_licence: 'Driving licence',
};
/** The two uploads of a submission and their multipart field names. */
export const KYC_FILE_KINDS = ['document', 'selfie'] as const;
export type KycFileKind = (typeof KYC_FILE_KINDS)[number];
export const KYC_MAX_FILE_BYTES = 5 * 1024 * 1024;
export const KYC_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export { KYC_REQUIRED } from './kyc-codes';

export const KycMsg = {
  legalName: 'Please enter your full legal name',
  country: 'Please select your country',
  address: 'Please enter your residential address',
  documentType: 'Please choose a passport, national ID card or driving licence',
  documentNumber: 'Please enter the document number (letters and digits)',
  fileMissing: (kind: KycFileKind) =>
    kind === 'document'
      ? 'Please upload an image or PDF of your identity document'
      : 'Please upload a selfie holding your document',
  fileType: 'Files must be JPEG, PNG, WebP images or PDF documents',
  fileTooLarge: 'Each file must be at most 5 MB',
  notMultipart: 'Send the form as multipart/form-data',
  submitted: 'Verification submitted: we will review it shortly',
  alreadyPending: 'Your verification is already being reviewed',
  alreadyApproved: 'Your identity is already verified',
  otherUser: 'You can only submit verification for your own account',
  notFound: 'Verification not found',
  fileNotFound: 'File not found',
  notPending: 'Only pending verifications can be approved or rejected',
  reasonRequired: 'Please give the reason for rejecting (at least 5 characters)',
  approved: 'Verification approved',
  rejected: 'Verification rejected',
  /** Gate messages: each says what to do next. */
  requiredToWithdraw: 'Please verify your identity before withdrawing: submit your documents on the Verification page',
  pendingToWithdraw: 'Your identity verification is being reviewed: withdrawals open once it is approved',
  requiredToInvest: (limit: bigint) =>
    fill('Investments above {{limit}} need a verified identity: submit your documents on the Verification page', {
      limit: formatUsd(limit),
    }),
  pendingToInvest: (limit: bigint) =>
    fill('Investments above {{limit}} open once your identity verification is approved', { limit: formatUsd(limit) }),
} as const;

const trimmed = (max: number) => text().trim().max(max);

/** The text fields of a submission (the files come as multipart parts beside them). */
export const zKycFields = z.object({
  legalName: trimmed(120).min(3, KycMsg.legalName),
  dateOfBirth: zDateOfBirth,
  country: text({ message: KycMsg.country })
    .trim()
    .length(2, KycMsg.country)
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, KycMsg.country),
  address: trimmed(300).min(5, KycMsg.address),
  documentType: z.enum(KYC_DOCUMENT_TYPES, { message: KycMsg.documentType }),
  documentNumber: trimmed(40)
    .min(4, KycMsg.documentNumber)
    .regex(/^[A-Za-z0-9 \-/.]+$/, KycMsg.documentNumber),
});
export type KycFields = z.infer<typeof zKycFields>;

/** Letters and digits only, upper case: "AB 12-345" and "ab12345" are the same document. */
export const normalizeDocumentNumber = (n: string) => n.toUpperCase().replace(/[^A-Z0-9]/g, '');

export const zKycSubmission = z.object({
  id: z.number(),
  userId: z.number(),
  status: z.enum(KYC_STATUSES),
  legalName: z.string(),
  dateOfBirth: z.string(),
  country: z.string(),
  address: z.string(),
  documentType: z.enum(KYC_DOCUMENT_TYPES),
  documentNumber: z.string(),
  /** Authorised download URLs (owner and staff only). */
  documentUrl: z.string(),
  selfieUrl: z.string(),
  documentMime: z.string(),
  selfieMime: z.string(),
  rejectionReason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type KycSubmission = z.infer<typeof zKycSubmission>;

/** What a user needs for the gates, from site settings. */
export const zKycRequirements = z.object({
  forWithdrawal: z.boolean(),
  /** Investments above this amount need a verified identity; null when there is no such limit. */
  aboveInvestment: z.number().nullable(),
});
export type KycRequirements = z.infer<typeof zKycRequirements>;

/** GET /api/kyc/user/:id */
export const zKycState = z.object({
  status: z.enum(['not_submitted', ...KYC_STATUSES]),
  /** The latest submission, or null when none was made. */
  submission: zKycSubmission.nullable(),
  requirements: zKycRequirements,
});
export type KycState = z.infer<typeof zKycState>;

export const zKycSubmitted = z.object({ message: z.string(), submission: zKycSubmission });

export const zKycFileParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  kind: z.enum(KYC_FILE_KINDS, { message: KycMsg.fileNotFound }),
});

/** Why another account looks like the same person. */
export const DUPLICATE_REASONS = ['document_number', 'btc_wallet', 'eth_wallet', 'registration_ip'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];
export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  document_number: 'Same identity document number',
  btc_wallet: 'Same BTC payout wallet',
  eth_wallet: 'Same USDT-TRON payout wallet',
  registration_ip: 'Same registration IP address',
};
export const zDuplicateSignal = z.object({
  userId: z.number(),
  userName: z.string(),
  email: z.string(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
});
export type DuplicateSignal = z.infer<typeof zDuplicateSignal>;
/** GET /api/admin/users/:id/duplicate-signals */
export const zDuplicateSignals = z.object({ data: z.array(zDuplicateSignal) });

/** GET /api/admin/kyc: the review queue. */
export const zKycQueueQuery = z.object({ status: z.enum(KYC_STATUSES, { message: 'Unknown status' }).optional() });
export const zKycQueueItem = z.object({
  id: z.number(),
  userId: z.number(),
  userName: z.string(),
  legalName: z.string(),
  country: z.string(),
  documentType: z.enum(KYC_DOCUMENT_TYPES),
  status: z.enum(KYC_STATUSES),
  /** Another account shares a document number, payout wallet or registration IP. */
  duplicateFlag: z.boolean(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type KycQueueItem = z.infer<typeof zKycQueueItem>;
export const zKycQueue = zPage(zKycQueueItem).extend({
  counts: z.object({ pending: z.number(), approved: z.number(), rejected: z.number() }),
});
export type KycQueue = z.infer<typeof zKycQueue>;

/** GET /api/admin/kyc/:id */
export const zKycReview = z.object({
  submission: zKycSubmission,
  user: z.object({
    id: z.number(),
    userName: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    status: z.string(),
    createdAt: z.string(),
  }),
  /** Earlier submissions of the same user, newest first. */
  history: z.array(zKycSubmission),
  duplicates: z.array(zDuplicateSignal),
});
export type KycReview = z.infer<typeof zKycReview>;

export const zKycRejectBody = z.object({
  reason: text({ message: KycMsg.reasonRequired }).trim().min(5, KycMsg.reasonRequired).max(500),
});
export const zKycDecision = z.object({ message: z.string(), submission: zKycSubmission });
export type KycDecision = z.infer<typeof zKycDecision>;

export const kycApi = {
  state: route({
    method: 'GET',
    path: '/kyc/user/:id',
    tag: 'kyc',
    summary: "A user's verification status, latest submission and what the gates require (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    response: zKycState,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  submit: route({
    method: 'POST',
    path: '/kyc/user/:id',
    tag: 'kyc',
    summary:
      'Submit identity verification (multipart: legalName, dateOfBirth, country, address, documentType, documentNumber, files document and selfie; JPEG/PNG/WebP/PDF, at most 5 MB each)',
    access: 'user',
    params: zIdParam,
    consumes: ['multipart/form-data'],
    response: zKycSubmitted,
    status: [201],
    errors: ['FORBIDDEN', 'NOT_FOUND', 'NOT_MULTIPART', 'INVALID_FORM', 'INVALID_FILE', 'KYC_PENDING', 'KYC_APPROVED'],
  }),
  file: route({
    method: 'GET',
    path: '/kyc/:id/files/:kind',
    tag: 'kyc',
    summary: 'A verification document or selfie, as a download (owner or staff)',
    access: 'user',
    params: zKycFileParams,
    response: null,
    errors: ['NOT_FOUND'],
  }),
  queue: route({
    method: 'GET',
    path: '/admin/kyc',
    tag: 'kyc',
    summary: 'The verification review queue (staff), filtered by status',
    access: 'staff',
    query: zPageQuery.extend(zKycQueueQuery.shape),
    response: zKycQueue,
    errors: [],
  }),
  review: route({
    method: 'GET',
    path: '/admin/kyc/:id',
    tag: 'kyc',
    summary: 'One submission with its user, history and duplicate-account signals (staff)',
    access: 'staff',
    params: zIdParam,
    response: zKycReview,
    errors: ['NOT_FOUND'],
  }),
  approve: route({
    method: 'POST',
    path: '/admin/kyc/:id/approve',
    tag: 'kyc',
    summary: 'Approve a pending verification (admin); the user is notified',
    access: 'admin',
    params: zIdParam,
    response: zKycDecision,
    errors: ['NOT_FOUND', 'KYC_DECIDED'],
  }),
  reject: route({
    method: 'POST',
    path: '/admin/kyc/:id/reject',
    tag: 'kyc',
    summary: 'Reject a pending verification with a reason (admin); the user is notified and may resubmit',
    access: 'admin',
    params: zIdParam,
    body: zKycRejectBody,
    response: zKycDecision,
    errors: ['NOT_FOUND', 'KYC_DECIDED'],
  }),
  duplicates: route({
    method: 'GET',
    path: '/admin/users/:id/duplicate-signals',
    tag: 'kyc',
    summary: 'Other accounts sharing a document number, payout wallet or registration IP (staff)',
    access: 'staff',
    params: zIdParam,
    response: zDuplicateSignals,
    errors: ['NOT_FOUND'],
  }),
};
