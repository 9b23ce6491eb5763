import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody } from '../../../contract/errors';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import {
  zAfterQuery,
  zSupportConversation,
  zSupportInbox,
  zSupportInboxQuery,
  zSupportMessage,
  zSupportMessageBody,
  zSupportStatusBody,
  zSupportThread,
} from '../../../contract/support';
import type { ServerContext } from '../../context';
import { requireStaff, requireUser } from '../../plugins/auth';
import { perIp } from '../../plugins/limits';
import { auditActor } from '../audit/service';
import {
  closeOwnConversation,
  inbox,
  postStaffReply,
  postUserMessage,
  setConversationStatus,
  staffThread,
  startConversation,
  userThread,
} from './service';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 409: zErrorBody, 429: zErrorBody };
/** A person types; a script floods. */
const writeLimit = perIp(30, 1);

/** The user's chat with staff (their own conversation only) and the staff inbox. Clients poll with `?after=<last id>`. */
export function supportRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/support/conversation',
      {
        schema: {
          tags: ['support'],
          summary: 'The caller’s latest chat and its messages after `after`',
          querystring: zAfterQuery,
          response: { 200: zSupportThread, ...errors },
        },
      },
      async (request) => userThread(ctx.db, requireUser(request).userId, request.query.after),
    );

    app.post(
      '/support/conversation',
      {
        schema: {
          tags: ['support'],
          summary: 'Start a chat (or return the open one)',
          response: { 200: zSupportConversation, ...errors },
        },
      },
      async (request) => startConversation(ctx.db, requireUser(request).userId, ctx.now()),
    );

    app.post(
      '/support/conversation/close',
      {
        schema: {
          tags: ['support'],
          summary: 'Close the caller’s open chat',
          response: { 200: zSupportConversation, ...errors },
        },
      },
      async (request) => closeOwnConversation(ctx.db, requireUser(request).userId, ctx.now()),
    );

    app.post(
      '/support/conversation/messages',
      {
        config: writeLimit,
        schema: {
          tags: ['support'],
          summary: 'Write in the caller’s open chat',
          body: zSupportMessageBody,
          response: { 201: zSupportMessage, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await postUserMessage(ctx.db, requireUser(request).userId, request.body.body, ctx.now())),
    );

    app.get(
      '/support/conversations',
      {
        schema: {
          tags: ['support'],
          summary: 'Support inbox (staff)',
          querystring: zPageQuery.extend(zSupportInboxQuery.shape),
          response: { 200: zSupportInbox, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return inbox(ctx.db, request.query);
      },
    );

    app.get(
      '/support/conversations/:id',
      {
        schema: {
          tags: ['support'],
          summary: 'One chat and its messages after `after` (staff); marks it seen',
          params: zIdParam,
          querystring: zAfterQuery,
          response: { 200: zSupportThread, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return staffThread(ctx.db, request.params.id, request.query.after);
      },
    );

    app.post(
      '/support/conversations/:id/messages',
      {
        config: writeLimit,
        schema: {
          tags: ['support'],
          summary: 'Reply (staff); the user is notified',
          params: zIdParam,
          body: zSupportMessageBody,
          response: { 201: zSupportMessage, ...errors },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request);
        return reply
          .status(201)
          .send(
            await postStaffReply(ctx.db, auditActor(staff, request), request.params.id, request.body.body, ctx.now()),
          );
      },
    );

    app.put(
      '/support/conversations/:id/status',
      {
        schema: {
          tags: ['support'],
          summary: 'Close or reopen a chat (staff)',
          params: zIdParam,
          body: zSupportStatusBody,
          response: { 200: zSupportConversation, ...errors },
        },
      },
      async (request) => {
        const staff = requireStaff(request);
        return setConversationStatus(
          ctx.db,
          auditActor(staff, request),
          request.params.id,
          request.body.status,
          ctx.now(),
        );
      },
    );
  };
}
