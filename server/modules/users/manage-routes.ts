import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody } from '../../../contract/errors';
import { zIdParam, zPageQuery } from '../../../contract/pagination';
import {
  UsersMsg,
  zAdminUserCreate,
  zManagedUserPage,
  zManagedUserSaved,
  zUserDeleted,
  zUserListQuery,
  zUserStatusUpdate,
} from '../../../contract/users';
import type { ServerContext } from '../../context';
import { requireAdmin, requireStaff } from '../../plugins/auth';
import { auditActor } from '../audit/service';
import { createUserByAdmin, deleteUser, listManagedUsers, setUserStatus } from './manage';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody, 409: zErrorBody, 422: zErrorBody };

/** Manage users (spec §2): the staff list; create, status toggle and delete for admins. */
export function manageUserRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/all',
      {
        schema: {
          tags: ['users'],
          summary: 'Users for the Manage users table (staff); deleted users hidden',
          querystring: zPageQuery.extend(zUserListQuery.shape),
          response: { 200: zManagedUserPage, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return listManagedUsers(ctx.db, request.query);
      },
    );

    app.post(
      '/users',
      {
        schema: {
          tags: ['users'],
          summary: 'Create a user from the admin user form (admin); starts active and verified',
          body: zAdminUserCreate,
          response: { 201: zManagedUserSaved, ...errors },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        const user = await createUserByAdmin(ctx.db, auditActor(admin, request), request.body);
        return reply.status(201).send({ message: UsersMsg.created, user });
      },
    );

    app.put(
      '/users/:id/status',
      {
        schema: {
          tags: ['users'],
          summary: 'Toggle a user between active and suspended (admin); suspending ends their sessions',
          params: zIdParam,
          body: zUserStatusUpdate,
          response: { 200: zManagedUserSaved, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const user = await setUserStatus(ctx.db, auditActor(admin, request), request.params.id, request.body);
        return { message: UsersMsg.statusUpdated, user };
      },
    );

    app.delete(
      '/users/:id',
      {
        schema: {
          tags: ['users'],
          summary: 'Delete a user (admin); with ledger history the user is soft-deleted instead',
          params: zIdParam,
          response: { 200: zUserDeleted, ...errors },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const { soft } = await deleteUser(ctx.db, auditActor(admin, request), request.params.id, ctx.now());
        return { userId: request.params.id, message: UsersMsg.deleted, soft };
      },
    );
  };
}
