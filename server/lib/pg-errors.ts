/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
/** The constraint a violation names, e.g. `users_email_lower_key`. */
export function violatedConstraint(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Socket failures that mean the database cannot be reached (or went away mid-query). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** SQLSTATEs outside class 08: admin or crash shutdown, and "cannot connect now" (starting up, recovering). */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);
/** What node-postgres and its pool say, without a code, when the connection fails or is lost. */
const LOST_CONNECTION = [
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
];

function isUnavailableItself(e: object): boolean {
  const code = (e as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || SHUTDOWN_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
  )
    return true;
  const message = (e as { message?: unknown }).message;
  return typeof message === 'string' && LOST_CONNECTION.some((m) => message.startsWith(m));
}

/**
 * True when `err` says the database is unreachable, not that a statement was wrong: the
 * request may succeed once it is back, so it answers 503, not 500. Looks through drizzle's
 * wrapper (`cause`), the pool's timeout wrapper and Node's AggregateError of a multi-address connect.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<object>();
  const queue: unknown[] = [err];
  while (queue.length > 0 && seen.size < 10) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (isUnavailableItself(e)) return true;
    queue.push((e as { cause?: unknown }).cause);
    if (e instanceof AggregateError) queue.push(...(e.errors as unknown[]));
  }
  return false;
}
