/**
 * Resolves on the event loop's next check phase, after pending I/O callbacks: a long loop of
 * database work awaits it between steps so requests that arrived meanwhile are served. PGlite's
 * queries settle as microtasks, so without it such a loop never lets the event loop turn.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
