import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsApi } from '../../../contract/settings';
import { serve } from '../../lib/route';
import { auditActor } from '../audit/service';
import type { SettingsStore } from './service';

export function settingsRoutes(store: SettingsStore): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, settingsApi.get, () => store.view());
    serve(app, settingsApi.update, ({ body, caller }, request) => store.update(body, auditActor(caller, request)));
    serve(app, settingsApi.public, () => store.publicView());
  };
}
