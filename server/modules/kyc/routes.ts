import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KYC_FILE_KINDS, KYC_MAX_FILE_BYTES, KycMsg, kycApi, type KycFileKind } from '../../../contract/kyc';
import type { ServerContext } from '../../context';
import { AppError } from '../../lib/errors';
import { serve } from '../../lib/route';
import { perAccount } from '../../plugins/limits';
import { auditActor } from '../audit/service';
import { decideKycAsStaff, duplicateSignalsOf, kycReview } from './review';
import { kycDownload, kycQueue, kycStateOf } from './service';
import { submitKycForm, type KycForm } from './submit';

/** Reads the multipart form: text fields and the two files, each at most 5 MB. */
async function readSubmission(request: FastifyRequest): Promise<KycForm> {
  if (!request.isMultipart()) throw new AppError('NOT_MULTIPART', KycMsg.notMultipart);
  const form: KycForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if ((KYC_FILE_KINDS as readonly string[]).includes(part.fieldname))
          form.files[part.fieldname as KycFileKind] = bytes;
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', KycMsg.fileTooLarge);
    if (code?.startsWith('FST_')) throw new AppError('INVALID_FORM', KycMsg.notMultipart);
    throw err;
  }
  return form;
}

/** Identity verification: the user's submission and the staff review queue. */
export function kycRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart is accepted by this plugin's routes only; nothing is buffered past 5 MB a file.
    await app.register(multipart, {
      limits: { fileSize: KYC_MAX_FILE_BYTES, files: 2, fields: 10, parts: 12, fieldSize: 4096 },
    });

    serve(app, kycApi.state, async ({ params, caller }) =>
      kycStateOf(ctx.db, await ctx.settings.get(), caller, params.id),
    );
    serve(
      app,
      kycApi.submit,
      async ({ params, caller }, request) => {
        const read = () => readSubmission(request);
        const submission = await submitKycForm(ctx.db, ctx.storage, caller, params.id, read, ctx.now());
        return { message: KycMsg.submitted, submission };
      },
      // Per account, not per IP: users behind one office or carrier NAT each get their own allowance.
      { preHandler: perAccount(app, 'kyc-submit', 20, 15, (req) => (req.params as { id?: unknown }).id?.toString()) },
    );
    serve(app, kycApi.file, async ({ params, caller }, _request, reply) => {
      const { file, mime, fileName } = await kycDownload(ctx.db, ctx.storage, caller, params.id, params.kind);
      return reply
        .type(mime)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-length', file.size)
        .send(file.body);
    });
    serve(app, kycApi.queue, ({ query }) => kycQueue(ctx.db, query));
    serve(app, kycApi.review, ({ params, caller }) => kycReview(ctx.db, caller, params.id));
    serve(app, kycApi.approve, ({ params, caller }, request) =>
      decideKycAsStaff(ctx.db, auditActor(caller, request), params.id, { status: 'approved' }, ctx.now()),
    );
    serve(app, kycApi.reject, ({ params, body, caller }, request) => {
      const decision = { status: 'rejected' as const, reason: body.reason };
      return decideKycAsStaff(ctx.db, auditActor(caller, request), params.id, decision, ctx.now());
    });
    serve(app, kycApi.duplicates, async ({ params, caller }) => ({
      data: await duplicateSignalsOf(ctx.db, caller, params.id),
    }));
  };
}
