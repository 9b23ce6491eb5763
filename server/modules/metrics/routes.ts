import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metricsApi } from '../../../contract/metrics';
import type { ServerContext } from '../../context';
import { readableUserId, type AuthContext } from '../../lib/auth-context';
import { serve } from '../../lib/route';
import { accountMetrics } from './account';
import { adminDashboardChart } from './dashboard-chart';
import { adminDashboardMetrics, userDashboardMetrics, userMetrics } from './dashboard';
import { depositMetrics, userTransactionMetrics } from './funds';
import { planMetrics, platformInvestmentMetrics, returnsChart, userInvestmentMetrics } from './investments';

export function metricsRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    /** The user whose figures are asked for: the caller, or anyone for staff (403/404 otherwise). */
    const userOf = (caller: AuthContext, id: number) => readableUserId(ctx.db, caller, id);

    serve(app, metricsApi.account, async ({ params, caller }) =>
      accountMetrics(ctx.db, await userOf(caller, params.id)),
    );
    serve(app, metricsApi.deposits, () => depositMetrics(ctx.db));
    serve(app, metricsApi.userTransactions, async ({ params, caller }) =>
      userTransactionMetrics(ctx.db, await userOf(caller, params.id), ctx.now()),
    );
    serve(app, metricsApi.plans, () => planMetrics(ctx.db));
    serve(app, metricsApi.investments, () => platformInvestmentMetrics(ctx.db));
    serve(app, metricsApi.userInvestments, async ({ params, caller }) =>
      userInvestmentMetrics(ctx.db, await userOf(caller, params.id)),
    );
    serve(app, metricsApi.returnsChart, ({ query }) => returnsChart(ctx.db, ctx.now(), query.period));
    serve(app, metricsApi.userReturnsChart, async ({ params, query, caller }) =>
      returnsChart(ctx.db, ctx.now(), query.period, await userOf(caller, params.id)),
    );
    serve(app, metricsApi.ownReturnsChart, ({ params, caller }) =>
      returnsChart(ctx.db, ctx.now(), params.period, caller.userId),
    );
    serve(app, metricsApi.userDashboard, async ({ params, caller }) =>
      userDashboardMetrics(ctx.db, await userOf(caller, params.id)),
    );
    serve(app, metricsApi.dashboard, () => adminDashboardMetrics(ctx.db));
    serve(app, metricsApi.dashboardChart, ({ query }) => adminDashboardChart(ctx.db, ctx.now(), query.period));
    serve(app, metricsApi.users, () => userMetrics(ctx.db, ctx.now()));
  };
}
