import type { FastifyInstance } from 'fastify';
import type { SiteSettings } from '../../contract/settings';
import type { Db } from '../db/client';
import { hasSecondFactor } from '../modules/passkeys/second-factor';

/**
 * While the site requires a passkey or TOTP of staff, marks a staff caller who has neither
 * (`auth.secondFactorMissing`): the routes of the admin area then refuse them with
 * SECOND_FACTOR_REQUIRED (lib/route.ts), and who-am-I tells the web to send them to Security
 * Settings. Investors and visitors cost nothing here; staff one cached settings read, and while
 * the rule is on one indexed read, so adding a passkey opens the area on the very next request.
 */
export function installStaffSecondFactorGate(
  app: FastifyInstance,
  opts: { db: Db; settings: { get(): Promise<SiteSettings> } },
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const auth = request.auth;
    if (!auth || auth.role === 'user') return done();
    opts.settings
      .get()
      .then(async (s) => {
        if (!s.requireStaffSecondFactor) return;
        if (!(await hasSecondFactor(opts.db, auth.userId))) auth.secondFactorMissing = true;
      })
      .then(
        () => done(),
        (err: Error) => done(err),
      );
  });
}
