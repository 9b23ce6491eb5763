import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCatalogue, Messages, type ErrorBody, type ErrorCode, type FieldIssue } from '../../contract/errors';
import { AppError } from '../lib/errors';
import { isDatabaseUnavailable } from '../lib/pg-errors';

/** Seconds a client is told to wait before trying again while the database is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The driver's own error under drizzle's wrapper, as one short line: no stack (it is the same
 * for every request) and no statement or its values (drizzle's message carries both).
 */
function reasonOf(err: unknown): string {
  let e = err;
  for (let i = 0; i < 5 && e instanceof Error && e.cause instanceof Error; i++) e = e.cause;
  if (!(e instanceof Error)) return String(e);
  const code = (e as { code?: unknown }).code;
  const text = [typeof code === 'string' ? code : '', e.message].filter(Boolean).join(' ');
  return (text.split('\n')[0] ?? '').slice(0, 200);
}

/** Fastify's own 4xx errors, mapped to our stable codes and plain messages. */
const FASTIFY_CODES: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_JSON', message: 'Malformed JSON in request body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'MALFORMED_JSON',
    message: 'Request body must not be empty when Content-Type is application/json',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported Content-Type: send application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'VALIDATION_FAILED', message: 'Invalid Content-Length' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
};

const FASTIFY_STATUS_CODES: Record<number, ErrorCode> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || context || 'body';
}

function toBody(error: FastifyError | AppError | Error, request: FastifyRequest): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body = {
      ...error.extra,
      message: error.message,
      code: error.code,
      ...(error.details === undefined ? {} : { details: error.details }),
    };
    return { status: error.statusCode, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as FastifyError).validationContext;
    const details: FieldIssue[] = error.validation.map((v) => ({
      field: fieldName(v.instancePath, context),
      message: v.message ?? 'Invalid value',
    }));
    return {
      status: 400,
      body: { message: details[0]?.message ?? 'Invalid request', code: 'VALIDATION_FAILED', details },
    };
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response did not match its schema');
    return { status: 500, body: { message: Messages.somethingWrong, code: 'INTERNAL_ERROR' } };
  }
  const fe = error as FastifyError;
  const status = fe.statusCode ?? 500;
  if (status === 429)
    return {
      status,
      body: { message: fe.message || 'Too many requests, please try again later.', code: 'RATE_LIMITED' },
    };
  if (status >= 400 && status < 500) {
    // Any other 4xx of Fastify or a plugin still answers with a catalogued code and its status.
    const code = (fe.code ? FASTIFY_CODES[fe.code]?.code : undefined) ?? FASTIFY_STATUS_CODES[status] ?? 'BAD_REQUEST';
    const message = (fe.code ? FASTIFY_CODES[fe.code]?.message : undefined) ?? fe.message;
    return { status: errorCatalogue[code].status, body: { message, code } };
  }
  if (isDatabaseUnavailable(error)) {
    // An outage fails every request alike: one warning line each, not a stack each.
    request.log.warn({ reason: reasonOf(error) }, 'database unavailable');
    const code = 'SERVICE_UNAVAILABLE';
    return { status: errorCatalogue[code].status, body: { message: errorCatalogue[code].message, code } };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, body: { message: Messages.somethingWrong, code: 'INTERNAL_ERROR' } };
}

/** One error shape for every failure; 5xx details only ever go to the log. */
export function installErrorHandling(
  app: FastifyInstance,
  opts: { webIndexHtml: (request: FastifyRequest) => string | null },
): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toBody(error, request);
    if (body.code === 'SERVICE_UNAVAILABLE') reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    // Sent as text: a route's schema for this status (the health check's 503 body) must not
    // turn an error that came before its handler (the session lookup) into a serialization 500.
    return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      // SPA fallback: the client router decides what the path means, including its own 404s.
      const html = opts.webIndexHtml(request);
      // The shell names the visitor's language (<html lang>), chosen by cookie or Accept-Language.
      if (html)
        return reply
          .status(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'Accept-Language, Cookie')
          .send(html);
    }
    const body: ErrorBody = { message: `Route ${request.method}:${path} not found`, code: 'ROUTE_NOT_FOUND' };
    return reply.status(404).type('application/json; charset=utf-8').send(body);
  });
}
