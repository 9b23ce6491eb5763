import { isErrorCode, type ErrorBody, type ErrorCode, type FieldIssue } from '@contract/errors';
import { translateError } from '../i18n/messages';
import { activeT } from '../lib/activeT';

/** The server's codes, and the two this client gives a failure that never reached an answer. */
export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR' | 'HTTP_ERROR';

/** A failed API call: the server's error body (DESIGN §6), or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ClientErrorCode,
    message: string,
    readonly details?: unknown,
    /** True when `message` came from the server, so it may be shown as is (spec §8). */
    readonly fromServer = false,
    /** The whole error body: some errors carry extra fields (device sessions, flags). */
    readonly body: Record<string, unknown> = {},
    /** How long the server asked to wait before trying again (its Retry-After), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data (uploads); the browser sets the content type. */
  form?: FormData;
  signal?: AbortSignal;
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.message === 'string' && typeof v.code === 'string';
}

/** Retry-After as ms: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The server or the way to it is down for now (the database is unreachable, a proxy in front
 * answers 502/503/504, the network failed): trying again later may work. Maintenance is a
 * deliberate state of its own, not this.
 */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  // Status 0: no answer at all.
  if (error.status === 0 || error.code === 'SERVICE_UNAVAILABLE') return true;
  // An answer without our error body comes from something in front of the server.
  return !error.fromServer && [502, 503, 504].includes(error.status);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Calls `/api{path}` with the session cookie; resolves to the JSON body or throws ApiError. */
export async function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = 'GET', body, form, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Only send a JSON content type with a body: the server refuses an empty JSON body.
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const payloadOut = form ?? (body === undefined ? undefined : JSON.stringify(body));

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'include',
      headers,
      body: payloadOut,
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', activeT()('error.network'));
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const wait = parseRetryAfter(response.headers.get('retry-after'));
    if (isErrorBody(payload))
      throw new ApiError(
        response.status,
        isErrorCode(payload.code) ? payload.code : 'HTTP_ERROR',
        payload.message,
        payload.details,
        true,
        payload,
        wait,
      );
    throw new ApiError(
      response.status,
      'HTTP_ERROR',
      activeT()('error.status', { status: response.status }),
      undefined,
      false,
      {},
      wait,
    );
  }
  return payload as T;
}

/**
 * The message to show for a failure: the server's own message when present (in the active
 * language, see translateError), else `fallback` (which the caller has already translated).
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? translateError(error.code, error.message) : fallback;
}

/**
 * A failure's own message in the active language: the server's (see translateError), or the
 * client's ("Could not reach the server…", "Request failed with status 502") written again now,
 * so a language chosen after the failure shows in it too.
 */
export function clientFailureMessage(error: ApiError): string {
  if (error.fromServer) return translateError(error.code, error.message);
  // Status 0: no answer at all (NETWORK_ERROR).
  if (error.status === 0) return activeT()('error.network');
  return activeT()('error.status', { status: error.status });
}

/** The failing fields of a validation error (`details: [{field, message}]`), if any. */
export function fieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return error.details.filter(
    (d): d is FieldIssue =>
      typeof d === 'object' &&
      d !== null &&
      typeof (d as FieldIssue).field === 'string' &&
      typeof (d as FieldIssue).message === 'string',
  );
}
