import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMsg, zContactMessageList, zContactRequest, zContactResponse } from '../../../contract/contact';
import { zErrorBody } from '../../../contract/errors';
import { zPageQuery } from '../../../contract/pagination';
import type { ServerContext } from '../../context';
import { requireStaff } from '../../plugins/auth';
import { perIp } from '../../plugins/limits';
import { listContactMessages, submitContactMessage } from './service';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 429: zErrorBody };

export function contactRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/utils/contact',
      {
        // A person writes a few messages at most; more from one address is a flood.
        config: perIp(5, 15),
        schema: {
          tags: ['contact'],
          summary: 'Send a message through the contact form (public); support is mailed',
          body: zContactRequest,
          response: { 201: zContactResponse, ...errors },
        },
      },
      async (request, reply) => {
        const { id } = await submitContactMessage(
          { db: ctx.db, mailer: ctx.mailer, settings: () => ctx.settings.get(), log: request.log },
          { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        );
        return reply.status(201).send({ message: ContactMsg.success, id });
      },
    );

    app.get(
      '/utils/contact-messages',
      {
        schema: {
          tags: ['contact'],
          summary: 'Contact-form messages, newest first (staff)',
          querystring: zPageQuery,
          response: { 200: zContactMessageList, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return listContactMessages(ctx.db, request.query);
      },
    );
  };
}
