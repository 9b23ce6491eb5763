import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LiabilitiesMsg, proofOfLiabilitiesApi } from '../../../contract/proof-of-liabilities';
import type { ServerContext } from '../../context';
import { serve } from '../../lib/route';
import { auditActor } from '../audit/service';
import { getLiabilitySnapshot, getMyLiabilityProof, publishLiabilities } from './service';

export function proofOfLiabilitiesRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, proofOfLiabilitiesApi.latest, () => getLiabilitySnapshot(ctx.db));
    serve(app, proofOfLiabilitiesApi.mine, ({ query, caller }) =>
      getMyLiabilityProof(ctx.db, caller.userId, query.snapshot),
    );
    serve(app, proofOfLiabilitiesApi.byId, ({ params }) => getLiabilitySnapshot(ctx.db, params.id));
    serve(app, proofOfLiabilitiesApi.publish, async ({ caller }, request) => {
      const snapshot = await publishLiabilities(ctx.db, ctx.now(), auditActor(caller, request));
      return { message: LiabilitiesMsg.published(snapshot.id, snapshot.leafCount), snapshot };
    });
  };
}
