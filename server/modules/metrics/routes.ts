import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zErrorBody } from '../../../contract/errors';
import {
  zAccountMetrics,
  zAdminDashboardChart,
  zAdminDashboardMetrics,
  zChart,
  zChartPeriodParam,
  zChartPeriodQuery,
  zPlanMetrics,
  zPlatformInvestmentMetrics,
  zUserDashboardMetrics,
  zUserInvestmentMetrics,
  zUserMetrics,
} from '../../../contract/metrics';
import { zIdParam } from '../../../contract/pagination';
import type { ServerContext } from '../../context';
import { requireStaff, requireUser } from '../../plugins/auth';
import { loadUserFor } from '../../lib/auth-context';
import { accountMetrics } from './account';
import { adminDashboardChart } from './dashboard-chart';
import { adminDashboardMetrics, userDashboardMetrics, userMetrics } from './dashboard';
import { depositMetrics, userTransactionMetrics } from './funds';
import { zDepositMetrics, zUserTransactionMetrics } from '../../../contract/funds';
import { planMetrics, platformInvestmentMetrics, returnsChart, userInvestmentMetrics } from './investments';

const errors = { 400: zErrorBody, 401: zErrorBody, 403: zErrorBody, 404: zErrorBody };

export function metricsRoutes(ctx: ServerContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/metrics/account/:id',
      {
        schema: {
          tags: ['metrics'],
          summary: "A user's balances and account figures (own, or any for staff)",
          params: zIdParam,
          response: { 200: zAccountMetrics, ...errors },
        },
      },
      async (request) => {
        const user = await loadUserFor(ctx.db, requireUser(request), request.params.id, 'read');
        return accountMetrics(ctx.db, user.id);
      },
    );
    app.get(
      '/metrics/deposits',
      {
        schema: {
          tags: ['metrics'],
          summary: 'Platform deposit figures (staff)',
          response: { 200: zDepositMetrics, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return depositMetrics(ctx.db);
      },
    );
    app.get(
      '/metrics/user-transactions/:id',
      {
        schema: {
          tags: ['metrics'],
          summary: "A user's deposits and withdrawals: totals and the last 6 months (own, or any for staff)",
          params: zIdParam,
          response: { 200: zUserTransactionMetrics, ...errors },
        },
      },
      async (request) => {
        const user = await loadUserFor(ctx.db, requireUser(request), request.params.id, 'read');
        return userTransactionMetrics(ctx.db, user.id, ctx.now());
      },
    );
    app.get(
      '/metrics/plans',
      {
        schema: {
          tags: ['metrics'],
          summary: 'Plan Management figures (staff)',
          response: { 200: zPlanMetrics, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return planMetrics(ctx.db);
      },
    );
    app.get(
      '/metrics/investments',
      {
        schema: {
          tags: ['metrics'],
          summary: 'Platform investment figures (staff)',
          response: { 200: zPlatformInvestmentMetrics, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return platformInvestmentMetrics(ctx.db);
      },
    );
    app.get(
      '/metrics/user-investment-metrics/:id',
      {
        schema: {
          tags: ['metrics'],
          summary: "A user's investment figures (own, or any for staff)",
          params: zIdParam,
          response: { 200: zUserInvestmentMetrics, ...errors },
        },
      },
      async (request) => {
        const user = await loadUserFor(ctx.db, requireUser(request), request.params.id, 'read');
        return userInvestmentMetrics(ctx.db, user.id);
      },
    );
    app.get(
      '/metrics/investment-returns-chart',
      {
        schema: {
          tags: ['metrics'],
          summary: 'Platform payouts over time (staff)',
          querystring: zChartPeriodQuery,
          response: { 200: zChart, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return returnsChart(ctx.db, ctx.now(), request.query.period);
      },
    );
    app.get(
      '/metrics/user-investment-returns-chart/:id',
      {
        schema: {
          tags: ['metrics'],
          summary: "A user's payouts over time",
          params: zIdParam,
          querystring: zChartPeriodQuery,
          response: { 200: zChart, ...errors },
        },
      },
      async (request) => {
        const user = await loadUserFor(ctx.db, requireUser(request), request.params.id, 'read');
        return returnsChart(ctx.db, ctx.now(), request.query.period, user.id);
      },
    );
    app.get(
      '/metrics/investment-chart/:period',
      {
        schema: {
          tags: ['metrics'],
          summary: "The caller's payouts over a week, month or year (Investments page)",
          params: zChartPeriodParam,
          response: { 200: zChart, ...errors },
        },
      },
      async (request) => {
        const caller = requireUser(request);
        return returnsChart(ctx.db, ctx.now(), request.params.period, caller.userId);
      },
    );
    app.get(
      '/metrics/user-dashboard/:id',
      {
        schema: {
          tags: ['metrics'],
          summary: "A user's dashboard figures (own, or any for staff)",
          params: zIdParam,
          response: { 200: zUserDashboardMetrics, ...errors },
        },
      },
      async (request) => {
        const user = await loadUserFor(ctx.db, requireUser(request), request.params.id, 'read');
        return userDashboardMetrics(ctx.db, user.id);
      },
    );
    app.get(
      '/metrics/dashboard',
      {
        schema: {
          tags: ['metrics'],
          summary: 'Platform overview of the admin dashboard (staff)',
          response: { 200: zAdminDashboardMetrics, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return adminDashboardMetrics(ctx.db);
      },
    );
    app.get(
      '/metrics/dashboard-chart',
      {
        schema: {
          tags: ['metrics'],
          summary: 'User growth, transaction volume and investment distribution (staff)',
          querystring: zChartPeriodQuery,
          response: { 200: zAdminDashboardChart, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return adminDashboardChart(ctx.db, ctx.now(), request.query.period);
      },
    );
    app.get(
      '/metrics/users',
      {
        schema: {
          tags: ['metrics'],
          summary: 'User counts: total, new today, active share (staff)',
          response: { 200: zUserMetrics, ...errors },
        },
      },
      async (request) => {
        requireStaff(request);
        return userMetrics(ctx.db, ctx.now());
      },
    );
  };
}
