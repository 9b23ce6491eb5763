import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileMsg, usersApi } from '../../../contract/users';
import type { ServerContext } from '../../context';
import { loadUserFor } from '../../lib/auth-context';
import { AppError, notFound } from '../../lib/errors';
import { serve } from '../../lib/route';
import { perIp } from '../../plugins/limits';
import { auditActor } from '../audit/service';
import { AVATAR_MAX_BYTES, avatarFile, saveAvatar } from './avatar';
import { toProfile } from './profile';

/** Avatar upload and download. Multipart is accepted by this route only. */
export function avatarRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

    serve(
      app,
      usersApi.uploadAvatar,
      async ({ params, caller }, request) => {
        const user = await loadUserFor(ctx.db, caller, params.id, 'write');
        if (!request.isMultipart()) throw new AppError('INVALID_IMAGE', ProfileMsg.imageInvalid);
        const part = await request.file();
        if (!part || part.fieldname !== 'profileImage') throw new AppError('INVALID_IMAGE', ProfileMsg.imageInvalid);
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch {
          throw new AppError('PAYLOAD_TOO_LARGE', ProfileMsg.imageInvalid);
        }
        const actor = caller.userId === user.id ? undefined : auditActor(caller, request);
        const name = await saveAvatar(ctx.db, ctx.storage, user.id, bytes, user.profileImage, actor);
        return {
          message: ProfileMsg.imageUpdated,
          profileImage: toProfile({ ...user, profileImage: name }).profileImage!,
        };
      },
      { config: perIp(20, 15) },
    );

    serve(app, usersApi.avatar, async ({ params, caller }, _request, reply) => {
      const user = await loadUserFor(ctx.db, caller, params.id, 'read');
      const found = await avatarFile(ctx.storage, user.profileImage, params.name);
      if (!found) throw notFound('Image not found');
      return reply.type(found.mime).header('content-length', found.size).send(found.body);
    });
  };
}
