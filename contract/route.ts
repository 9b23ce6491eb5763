import { z } from 'zod';
import type { ErrorBody, ErrorCode } from './errors';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: the server checks it before the handler runs. */
export type Access = 'public' | 'user' | 'staff' | 'admin';

/**
 * One API route as both sides see it. The server registers its handler from this (validation,
 * OpenAPI, the error statuses it documents); the web calls it with `call(route, input)`.
 */
export interface Route {
  method: Method;
  /** Under /api, with `:name` path parameters. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  /** The message of the 403 when the caller lacks the role, where the spec words it. */
  deniedMessage?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Request media types other than JSON (a file upload's multipart/form-data), for the API docs. */
  consumes?: readonly string[];
  /** The success body; null for an answer that is not JSON (a file, a redirect). */
  response: z.ZodType | null;
  /**
   * Statuses answered with `response`, the first being the usual one (a replayed create
   * answers 200; the health check answers 503 with the same body).
   */
  status?: readonly number[];
  /**
   * The codes this route answers beyond the ones every route can give (validation, the access
   * check, rate limits, maintenance, server errors).
   */
  errors: readonly ErrorCode[];
}

/** The schema of every error answer (ErrorBody), for validation of the documented responses. */
export const zErrorBody: z.ZodType<ErrorBody> = z.looseObject({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});

/** The answer of a route that only says, in words, what it did. */
export const zMessage = z.object({ message: z.string() });

/** Declares a route, keeping its literal types for the server's handler and the web's `call`. */
export const route = <const R extends Route>(r: R): R => r;

type Part<S> = S extends z.ZodType ? z.input<S> : never;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Optional<K extends string, S> = S extends z.ZodType
  ? undefined extends z.input<S>
    ? { [P in K]?: Part<S> }
    : { [P in K]: Part<S> }
  : { [P in K]?: never };

/** What a caller sends: each part only when the route has it. */
export type RouteInput<R extends Route> = Optional<'params', R['params']> &
  Optional<'query', R['query']> &
  Optional<'body', R['body']>;

/** What the server's handler receives after validation. */
export interface ParsedInput<R extends Route> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
}

/** The success body a caller gets back. */
export type RouteOutput<R extends Route> = R['response'] extends z.ZodType ? z.output<R['response']> : never;
/** The success body a handler may return (before the schema's own defaults and transforms). */
export type RouteReply<R extends Route> = R['response'] extends z.ZodType ? z.input<R['response']> : unknown;

/** Codes any route may answer: the request's shape, limits, the CSRF guard, the platform itself. */
const everyRoute: readonly ErrorCode[] = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'CSRF_REJECTED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
];
const byAccess: Record<Access, readonly ErrorCode[]> = {
  public: [],
  user: ['UNAUTHENTICATED', 'PASSWORD_CHANGE_REQUIRED'],
  staff: ['UNAUTHENTICATED', 'PASSWORD_CHANGE_REQUIRED', 'ADMIN_REQUIRED', 'FORBIDDEN', 'SECOND_FACTOR_REQUIRED'],
  admin: ['UNAUTHENTICATED', 'PASSWORD_CHANGE_REQUIRED', 'ADMIN_REQUIRED', 'FORBIDDEN', 'SECOND_FACTOR_REQUIRED'],
};

/** Every code a route can answer: its own, its access check's, and those of every route. */
export const errorsOf = (r: Route): ErrorCode[] => [...new Set([...everyRoute, ...byAccess[r.access], ...r.errors])];
