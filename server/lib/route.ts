import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  RouteShorthandOptions,
} from 'fastify';
import {
  ResponseSerializationError,
  validatorCompiler as zodValidatorCompiler,
  type FastifyPluginAsyncZod,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorCatalogue, type ErrorBody } from '../../contract/errors';
import { errorsOf, zErrorBody, type Access, type ParsedInput, type Route, type RouteReply } from '../../contract/route';
import { BROKEN_TEXT_MESSAGE, brokenTextPaths, zCleanInput } from '../../contract/text';
import type { AuthContext } from './auth-context';
import { AppError, validationFailed } from './errors';
import { requireRole, requireUser } from '../plugins/auth';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests set it: a handler that throws a code its route does not document fails loudly. */
    checkErrorCodes: boolean;
  }
}

type Caller<A extends Access> = A extends 'public' ? AuthContext | null : AuthContext;

export type Handler<R extends Route> = (
  input: ParsedInput<R> & { caller: Caller<R['access']> },
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<RouteReply<R>>;

/** Server-only options of one route (rate limits, body size); the rest comes from the contract. */
export type ServeOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'preHandler'>;

function callerOf(request: FastifyRequest, r: Route): AuthContext | null {
  if (r.access === 'admin') return staffWithSecondFactor(requireRole(request, ['admin'], r.deniedMessage));
  if (r.access === 'staff') return staffWithSecondFactor(requireRole(request, ['admin', 'moderator'], r.deniedMessage));
  if (r.access === 'user') return requireUser(request);
  return request.auth;
}

/** The admin area stays shut to staff the site requires a passkey or TOTP of, until they add one. */
function staffWithSecondFactor(auth: AuthContext): AuthContext {
  if (auth.secondFactorMissing) throw new AppError('SECOND_FACTOR_REQUIRED');
  return auth;
}

/** The OpenAPI responses: the success body under each success status, the error body under each error status. */
function responsesOf(r: Route): Record<number, unknown> {
  const responses: Record<number, unknown> = {};
  for (const code of errorsOf(r)) responses[errorCatalogue[code].status] = zErrorBody;
  if (r.response) for (const status of r.status ?? [200]) responses[status] = r.response;
  return responses;
}

/**
 * The app's validator: every request part (body, query, path parameters) first passes the shared
 * text rule of contract/text.ts at any depth, then the route's own schema. Applied here, where
 * every schema is applied, so a new route or a bare `z.string()` cannot skip it.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const cleanInput = zodValidatorCompiler({ ...route, schema: zCleanInput });
  const own = zodValidatorCompiler(route);
  return (data) => {
    // Clean input (the usual case) goes straight to the route's schema; broken text gets zod's error.
    if (brokenTextPaths(data).length === 0) return own(data);
    const checked = cleanInput(data);
    return typeof checked === 'object' && 'error' in checked && checked.error ? checked : own(data);
  };
};

/**
 * Every answer is checked against its contract schema (unknown keys dropped, a wrong type a 500),
 * with zod's parse rather than the type provider's encode: the contract's answers are plain data
 * (no transforms or codecs; contract/route.test.ts holds them to it), so both give the same JSON,
 * and encode checks each value twice (measured: a page of 10 transactions 19 -> 13 µs).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };

const decoded = (part: string): string | null => {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return null;
  }
};

/**
 * A query whose escapes are not UTF-8 (`%ED%A0%80`, the only way a lone surrogate fits in a URL)
 * is refused, naming its fields: Fastify's parser would keep such a value as its literal escapes.
 */
async function refuseUndecodableQuery(request: FastifyRequest): Promise<void> {
  const at = request.url.indexOf('?');
  // Only a %-escape can fail to decode.
  if (at < 0 || !request.url.includes('%', at)) return;
  const fields: string[] = [];
  for (const pair of request.url.slice(at + 1).split('&')) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    const name = decoded(key);
    if (name === null || (eq >= 0 && decoded(pair.slice(eq + 1)) === null)) fields.push(name ?? key);
  }
  if (fields.length > 0) {
    throw validationFailed(
      BROKEN_TEXT_MESSAGE,
      fields.map((field) => ({ field, message: BROKEN_TEXT_MESSAGE })),
    );
  }
}

/**
 * Fastify's answer to a path it cannot decode (`%ED%A0%80`, a broken escape): the catalogue's
 * validation error. It never reaches a route, so the app's error handler does not see it.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code !== 'FST_ERR_BAD_URL') {
    reply.send(error);
    return;
  }
  const body: ErrorBody = {
    message: BROKEN_TEXT_MESSAGE,
    code: 'VALIDATION_FAILED',
    details: [{ field: 'path', message: BROKEN_TEXT_MESSAGE }],
  };
  reply.status(errorCatalogue.VALIDATION_FAILED.status).type('application/json; charset=utf-8').send(body);
}

/** Registers `handler` for the contract route `r`: its schemas, its access check, its documented errors. */
export function serve<R extends Route>(app: ZodApp, r: R, handler: Handler<R>, options: ServeOptions = {}): void {
  const documented = new Set<string>(errorsOf(r));
  const server: FastifyInstance = app;
  app.route({
    ...options,
    ...(r.query && { preValidation: refuseUndecodableQuery }),
    method: r.method,
    url: r.path,
    schema: {
      tags: [r.tag],
      summary: r.summary,
      ...(r.params && { params: r.params }),
      ...(r.query && { querystring: r.query }),
      ...(r.body && { body: r.body }),
      ...(r.consumes && { consumes: [...r.consumes] }),
      response: responsesOf(r),
    },
    handler: async (request, reply) => {
      const caller = callerOf(request, r) as Caller<R['access']>;
      if (r.status?.[0]) reply.status(r.status[0]);
      const input = { params: request.params, query: request.query, body: request.body, caller } as ParsedInput<R> & {
        caller: Caller<R['access']>;
      };
      try {
        return await handler(input, request, reply);
      } catch (err) {
        if (server.checkErrorCodes && err instanceof AppError && !documented.has(err.code)) {
          const message = `${r.method} ${r.path} answered ${err.code}, which its contract route does not list`;
          console.error(message);
          throw new AppError('INTERNAL_ERROR', message);
        }
        throw err;
      }
    },
  });
}
