import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailTemplateMsg, emailTemplatesApi, type EmailEvent } from '../../../contract/email-templates';
import type { Locale } from '../../../contract/locales';
import { siteLinkBase, type ServerContext } from '../../context';
import { loadUserFor } from '../../lib/auth-context';
import { serve } from '../../lib/route';
import { auditActor } from '../audit/service';
import { renderTemplate } from './engine';
import { sampleValues } from './samples';
import { getTemplate, listTemplates, resetTemplate, saveTemplate, sendTestTemplate } from './service';

/** The admin's email templates: every event in every language, edited in Liquid and audited. */
export function emailTemplateRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  const samples = async (event: EmailEvent, locale: Locale) =>
    sampleValues(event, locale, { siteName: (await ctx.settings.get()).siteName, linkBase: await siteLinkBase(ctx) });
  const detail = async (event: EmailEvent, locale: Locale) =>
    getTemplate(ctx.db, event, locale, await samples(event, locale));

  return async (app) => {
    serve(app, emailTemplatesApi.list, () => listTemplates(ctx.db));
    serve(app, emailTemplatesApi.get, ({ params }) => detail(params.event, params.locale));
    serve(app, emailTemplatesApi.preview, async ({ params, body }) =>
      renderTemplate(body, await samples(params.event, params.locale)),
    );
    serve(app, emailTemplatesApi.save, async ({ params, body, caller }, request) => {
      await saveTemplate(ctx.db, auditActor(caller, request), params, body, await samples(params.event, params.locale));
      return { message: EmailTemplateMsg.saved, ...(await detail(params.event, params.locale)) };
    });
    serve(app, emailTemplatesApi.reset, async ({ params, body, caller }, request) => {
      await resetTemplate(ctx.db, auditActor(caller, request), params, body.baseVersion);
      return { message: EmailTemplateMsg.reset, ...(await detail(params.event, params.locale)) };
    });
    serve(app, emailTemplatesApi.sendTest, async ({ params, body, caller }, request) => {
      const me = await loadUserFor(ctx.db, caller, caller.userId, 'read');
      const status = await sendTestTemplate(
        ctx.db,
        ctx,
        auditActor(caller, request),
        { ...params, to: me.email },
        body,
        await samples(params.event, params.locale),
      );
      return { message: status === 'failed' ? EmailTemplateMsg.testNotSent : EmailTemplateMsg.testSent, status };
    });
  };
}
