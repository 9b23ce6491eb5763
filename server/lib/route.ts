import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody, errorCatalogue } from '../../contract/errors';
import { errorsOf, type Access, type ParsedInput, type Route, type RouteReply } from '../../contract/route';
import type { AuthContext } from './auth-context';
import { AppError } from './errors';
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
  if (r.access === 'admin') return requireRole(request, ['admin'], r.deniedMessage);
  if (r.access === 'staff') return requireRole(request, ['admin', 'moderator'], r.deniedMessage);
  if (r.access === 'user') return requireUser(request);
  return request.auth;
}

/** The OpenAPI responses: the success body under each success status, the error body under each error status. */
function responsesOf(r: Route): Record<number, unknown> {
  const responses: Record<number, unknown> = {};
  for (const code of errorsOf(r)) responses[errorCatalogue[code].status] = zErrorBody;
  if (r.response) for (const status of r.status ?? [200]) responses[status] = r.response;
  return responses;
}

/** Registers `handler` for the contract route `r`: its schemas, its access check, its documented errors. */
export function serve<R extends Route>(app: ZodApp, r: R, handler: Handler<R>, options: ServeOptions = {}): void {
  const documented = new Set<string>(errorsOf(r));
  const server: FastifyInstance = app;
  app.route({
    ...options,
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
