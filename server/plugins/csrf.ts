import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for the whole API (DESIGN.md §6): an unsafe request whose Origin is present
 * and is not this site, or that the browser marks `Sec-Fetch-Site: cross-site`, is refused.
 * Clients without an Origin (curl, webhooks, other servers) are unaffected; the API accepts
 * JSON bodies only, which a plain HTML form cannot send.
 */
export function installCsrfGuard(app: FastifyInstance, opts: { publicUrl: string | undefined }): void {
  const configured = opts.publicUrl ? new URL(opts.publicUrl).origin : null;
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    let allowed = site !== 'cross-site';
    if (allowed && origin !== undefined) {
      const own = `${request.protocol}://${request.host}`;
      allowed = origin === own || origin === configured;
    }
    done(allowed ? undefined : new AppError('CSRF_REJECTED', 'Cross-site request refused'));
  });
}
