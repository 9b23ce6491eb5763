import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody } from '../../../contract/errors';
import { zIdParam } from '../../../contract/pagination';
import { ProfileMsg, zAvatarFileParams, zAvatarUploaded } from '../../../contract/users';
import type { ServerContext } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';
import { perIp } from '../../plugins/limits';
import { auditActor } from '../audit/service';
import { AVATAR_MAX_BYTES, avatarFile, saveAvatar } from './avatar';
import { toProfile } from './profile';
import { loadUserFor } from '../../lib/auth-context';

/** Avatar upload and download. Multipart is accepted by this route only. */
export function avatarRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

    app.post(
      '/users/:id/profile-image',
      {
        config: perIp(20, 15),
        schema: {
          tags: ['users'],
          summary: 'Upload an avatar (multipart field profileImage; JPEG/PNG/GIF/WebP, at most 2 MB)',
          consumes: ['multipart/form-data'],
          params: zIdParam,
          response: {
            200: zAvatarUploaded,
            400: zErrorBody,
            401: zErrorBody,
            403: zErrorBody,
            404: zErrorBody,
            413: zErrorBody,
          },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        const user = await loadUserFor(ctx.db, caller, request.params.id, 'write');
        if (!request.isMultipart()) throw new AppError('INVALID_IMAGE', ProfileMsg.imageInvalid);
        const part = await request.file();
        if (!part || part.fieldname !== 'profileImage') throw new AppError('INVALID_IMAGE', ProfileMsg.imageInvalid);
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch {
          throw new AppError('PAYLOAD_TOO_LARGE', ProfileMsg.imageInvalid);
        }
        const name = await saveAvatar(
          ctx.db,
          ctx.dataDir,
          user.id,
          bytes,
          user.profileImage,
          caller.userId === user.id ? undefined : auditActor(caller, request),
        );
        return {
          message: ProfileMsg.imageUpdated,
          profileImage: toProfile({ ...user, profileImage: name }).profileImage!,
        };
      },
    );

    app.get(
      '/users/:id/profile-image/:name',
      {
        schema: {
          tags: ['users'],
          summary: 'An avatar image (own, or any for staff)',
          params: zAvatarFileParams,
        },
      },
      async (request, reply) => {
        const caller = requireUser(request);
        const user = await loadUserFor(ctx.db, caller, request.params.id, 'read');
        const found = await avatarFile(ctx.dataDir, user.profileImage, request.params.name);
        if (!found) throw notFound('Image not found');
        return reply.type(found.mime).send(fs.createReadStream(found.file));
      },
    );
  };
}
