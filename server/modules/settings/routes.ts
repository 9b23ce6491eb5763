import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody, Messages } from '../../../contract/errors';
import { zPublicSettings, zSiteSettingsUpdate, zSiteSettingsView } from '../../../contract/settings';
import { requireAdmin, requireStaff } from '../../plugins/auth';
import { auditActor } from '../audit/service';
import type { SettingsStore } from './service';

export function settingsRoutes(store: SettingsStore): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/utils/site-settings',
      {
        schema: {
          tags: ['settings'],
          summary: 'All site settings (staff read them; only admins change them); secrets come back masked',
          response: { 200: zSiteSettingsView, 401: zErrorBody, 403: zErrorBody },
        },
      },
      async (request) => {
        requireStaff(request);
        return store.view();
      },
    );

    app.put(
      '/utils/site-settings',
      {
        schema: {
          tags: ['settings'],
          summary: 'Update site settings (admin); a blank or masked secret keeps the stored one',
          body: zSiteSettingsUpdate,
          response: { 200: zSiteSettingsView, 400: zErrorBody, 401: zErrorBody, 403: zErrorBody },
        },
      },
      async (request) => {
        const admin = requireAdmin(request, Messages.settingsForbidden);
        return store.update(request.body, auditActor(admin, request));
      },
    );

    app.get(
      '/utils/public-settings',
      {
        schema: {
          tags: ['settings'],
          summary: 'The few settings the public pages need',
          response: { 200: zPublicSettings },
        },
      },
      async () => store.publicView(),
    );
  };
}
