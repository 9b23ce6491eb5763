import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody } from '../../../contract/errors';
import {
  KYC_FILE_KINDS,
  KYC_MAX_FILE_BYTES,
  KycMsg,
  zDuplicateSignals,
  zKycDecision,
  zKycFields,
  zKycFileParams,
  zKycQueue,
  zKycQueueQuery,
  zKycRejectBody,
  zKycReview,
  zKycState,
  zKycSubmitted,
  type KycFields,
  type KycFileKind,
} from '../../../contract/kyc';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import type { ServerContext } from '../../context';
import { AppError, notFound, validationFailed } from '../../lib/errors';
import { requireAdmin, requireStaff, requireUser } from '../../plugins/auth';
import { perAccount } from '../../plugins/limits';
import { auditActor, recordAudit } from '../audit/service';
import { noticeOf } from '../notifications/messages';
import { notifyUser } from '../notifications/notify';
import { loadUserFor } from '../../lib/auth-context';
import { duplicateSignals } from './duplicates';
import { kycFilePath, sniffKycFile, storeKycFile, type StoredFile } from './files';
import {
  currentKycStatus,
  decideKyc,
  kycFileFor,
  kycQueue,
  kycState,
  loadSubmission,
  requireOwner,
  submissionsOf,
  submitKyc,
  toSubmission,
} from './service';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 409: zErrorBody, 413: zErrorBody };

/** Reads the multipart form: text fields and the two files, each at most 5 MB. */
async function readSubmission(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: Partial<Record<KycFileKind, Buffer>> }> {
  if (!request.isMultipart()) throw new AppError('NOT_MULTIPART', KycMsg.notMultipart);
  const fields: Record<string, string> = {};
  const files: Partial<Record<KycFileKind, Buffer>> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if ((KYC_FILE_KINDS as readonly string[]).includes(part.fieldname))
          files[part.fieldname as KycFileKind] = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', KycMsg.fileTooLarge);
    if (code?.startsWith('FST_')) throw new AppError('INVALID_FORM', KycMsg.notMultipart);
    throw err;
  }
  return { fields, files };
}

/** Identity verification: the user's submission and the staff review queue. */
export function kycRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart is accepted by this plugin's routes only; nothing is buffered past 5 MB a file.
    await app.register(multipart, {
      limits: { fileSize: KYC_MAX_FILE_BYTES, files: 2, fields: 10, parts: 12, fieldSize: 4096 },
    });

    app.get(
      '/kyc/user/:id',
      {
        schema: {
          tags: ['kyc'],
          summary: "A user's verification status, latest submission and what the gates require (own, or any for staff)",
          params: zIdParam,
          response: { 200: zKycState, ...errors },
        },
      },
      async (request) => {
        const user = await loadUserFor(ctx.db, requireUser(request), request.params.id, 'read');
        return kycState(ctx.db, await ctx.settings.get(), user.id);
      },
    );

    app.post(
      '/kyc/user/:id',
      {
        // Per account, not per IP: users behind one office or carrier NAT each get their own allowance.
        preHandler: perAccount(app, 'kyc-submit', 20, 15, (req) => (req.params as { id?: unknown }).id?.toString()),
        schema: {
          tags: ['kyc'],
          summary:
            'Submit identity verification (multipart: legalName, dateOfBirth, country, address, documentType, documentNumber, files document and selfie; JPEG/PNG/WebP/PDF, at most 5 MB each)',
          consumes: ['multipart/form-data'],
          params: zIdParam,
          response: { 201: zKycSubmitted, ...errors },
        },
      },
      async (request, reply) => {
        const caller = requireUser(request);
        requireOwner(caller, request.params.id);
        const user = await loadUserFor(ctx.db, caller, request.params.id, 'write');
        const { fields, files } = await readSubmission(request);
        const parsed = zKycFields.safeParse(fields);
        if (!parsed.success) {
          const details = parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }));
          throw validationFailed(details[0]!.message, details);
        }
        const sniffed: Partial<Record<KycFileKind, Awaited<ReturnType<typeof sniffKycFile>>>> = {};
        for (const kind of KYC_FILE_KINDS) {
          const bytes = files[kind];
          if (!bytes || bytes.length === 0)
            throw validationFailed(KycMsg.fileMissing(kind), [{ field: kind, message: KycMsg.fileMissing(kind) }]);
          sniffed[kind] = await sniffKycFile(bytes);
        }
        // Refuse early, before writing files, when a review is open or done (submitKyc checks again).
        const status = await currentKycStatus(ctx.db, user.id);
        if (status === 'pending') throw new AppError('KYC_PENDING', KycMsg.alreadyPending);
        if (status === 'approved') throw new AppError('KYC_APPROVED', KycMsg.alreadyApproved);
        const stored: Partial<Record<KycFileKind, StoredFile>> = {};
        for (const kind of KYC_FILE_KINDS) stored[kind] = await storeKycFile(ctx.dataDir, files[kind]!, sniffed[kind]!);
        const submission = await submitKyc(
          ctx.db,
          ctx.dataDir,
          user.id,
          parsed.data as KycFields,
          stored as Record<KycFileKind, StoredFile>,
          ctx.now(),
        );
        return reply.status(201).send({ message: KycMsg.submitted, submission });
      },
    );

    app.get(
      '/kyc/:id/files/:kind',
      {
        schema: {
          tags: ['kyc'],
          summary: 'A verification document or selfie, as a download (owner or staff)',
          params: zKycFileParams,
        },
      },
      async (request, reply) => {
        const file = await kycFileFor(ctx.db, requireUser(request), request.params.id, request.params.kind);
        const found = await kycFilePath(ctx.dataDir, file.name);
        if (!found) throw notFound(KycMsg.fileNotFound);
        const ext = file.name.split('.').pop();
        return reply
          .type(file.mime)
          .header(
            'content-disposition',
            `attachment; filename="kyc-${request.params.id}-${request.params.kind}.${ext}"`,
          )
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(fs.createReadStream(found));
      },
    );

    app.get(
      '/admin/kyc',
      {
        schema: {
          tags: ['kyc'],
          summary: 'The verification review queue (staff), filtered by status',
          querystring: zPageQuery.extend(zKycQueueQuery.shape),
          response: { 200: zKycQueue, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return kycQueue(ctx.db, request.query);
      },
    );

    app.get(
      '/admin/kyc/:id',
      {
        schema: {
          tags: ['kyc'],
          summary: 'One submission with its user, history and duplicate-account signals (staff)',
          params: zIdParam,
          response: { 200: zKycReview, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        const row = await loadSubmission(ctx.db, request.params.id);
        const [user] = await Promise.all([loadUserFor(ctx.db, requireUser(request), row.userId, 'read')]);
        const history = await submissionsOf(ctx.db, row.userId, 50);
        return {
          submission: history.find((s) => s.id === row.id) ?? toSubmission(row, null),
          user: {
            id: user.id,
            userName: user.userName,
            email: user.email,
            firstName: user.firstName,
            lastName: user.lastName,
            status: user.status,
            createdAt: user.createdAt.toISOString(),
          },
          history: history.filter((s) => s.id !== row.id),
          duplicates: await duplicateSignals(ctx.db, row.userId),
        };
      },
    );

    const decide =
      (status: 'approved' | 'rejected') =>
      async (request: FastifyRequest<{ Params: { id: number }; Body: { reason?: string } | undefined }>) => {
        const admin = requireAdmin(request);
        const reason = status === 'rejected' ? request.body?.reason : undefined;
        const now = ctx.now();
        const after = await ctx.db.transaction(async (tx) => {
          const d = await decideKyc(tx, request.params.id, { status, reason, reviewerId: admin.userId }, now);
          await recordAudit(tx, auditActor(admin, request), {
            action: status === 'approved' ? 'kyc.approve' : 'kyc.reject',
            targetType: 'kyc_submission',
            targetId: d.after.id,
            before: { status: d.before.status, userId: d.before.userId },
            after: { status: d.after.status, userId: d.after.userId, reason: d.after.rejectionReason },
          });
          await notifyUser(tx, {
            userId: d.after.userId,
            kind: 'kyc',
            notice:
              status === 'approved' ? noticeOf('kyc.approved', {}) : noticeOf('kyc.rejected', { reason: reason! }),
          });
          return d.after;
        });
        return {
          message: status === 'approved' ? KycMsg.approved : KycMsg.rejected,
          submission: toSubmission(after, admin.userName),
        };
      };

    app.post(
      '/admin/kyc/:id/approve',
      {
        schema: {
          tags: ['kyc'],
          summary: 'Approve a pending verification (admin); the user is notified',
          params: zIdParam,
          response: { 200: zKycDecision, ...errors },
        },
      },
      decide('approved'),
    );
    app.post(
      '/admin/kyc/:id/reject',
      {
        schema: {
          tags: ['kyc'],
          summary: 'Reject a pending verification with a reason (admin); the user is notified and may resubmit',
          params: zIdParam,
          body: zKycRejectBody,
          response: { 200: zKycDecision, ...errors },
        },
      },
      decide('rejected'),
    );

    app.get(
      '/admin/users/:id/duplicate-signals',
      {
        schema: {
          tags: ['kyc'],
          summary: 'Other accounts sharing a document number, payout wallet or registration IP (staff)',
          params: zIdParam,
          response: { 200: zDuplicateSignals, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        const user = await loadUserFor(ctx.db, requireUser(request), request.params.id, 'read');
        return { data: await duplicateSignals(ctx.db, user.id) };
      },
    );
  };
}
