import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Messages, zErrorBody } from '../../../contract/errors';
import { zSettingsTestResult, zTestEmailRequest } from '../../../contract/settings';
import type { ServerContext } from '../../context';
import { perIp } from '../../plugins/limits';
import { requireAdmin } from '../../plugins/auth';
import { sendTestEmail, testBtcpay } from './tests';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 429: zErrorBody };

/** The Site Settings screen's "Send test email" and "Test BTCPay connection" (admin). */
export function settingsTestRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/utils/site-settings/test-email',
      {
        config: perIp(20, 5),
        schema: {
          tags: ['settings'],
          summary: 'Send a test email through the configured SMTP server (admin)',
          body: zTestEmailRequest,
          response: { 200: zSettingsTestResult, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request, Messages.settingsForbidden);
        return sendTestEmail(ctx, admin.userId, request.body.to || undefined);
      },
    );

    app.post(
      '/utils/site-settings/test-btcpay',
      {
        config: perIp(20, 5),
        schema: {
          tags: ['settings'],
          summary: 'Check the configured BTCPay Server store through the Greenfield API (admin)',
          response: { 200: zSettingsTestResult, ...errors },
        },
      },
      async (request) => {
        requireAdmin(request, Messages.settingsForbidden);
        return testBtcpay(ctx);
      },
    );
  };
}
