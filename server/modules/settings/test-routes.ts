import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsApi } from '../../../contract/settings';
import type { ServerContext } from '../../context';
import { perIp } from '../../plugins/limits';
import { serve } from '../../lib/route';
import { sendTestEmail, testBtcpay, testPayouts } from './tests';

/** The Site Settings screen's "Send test email", "Test BTCPay connection" and "Test payouts" (admin). */
export function settingsTestRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    const limit = { config: perIp(20, 5) };
    serve(
      app,
      settingsApi.testEmail,
      ({ body, caller }) => sendTestEmail(ctx, caller.userId, body.to || undefined),
      limit,
    );
    serve(app, settingsApi.testBtcpay, () => testBtcpay(ctx), limit);
    serve(app, settingsApi.testPayouts, () => testPayouts(ctx), limit);
  };
}
