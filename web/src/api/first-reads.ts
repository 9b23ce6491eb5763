import { hrefOf, keyOf } from './call';
import { apiOf, type RouteRef } from './routes';

import { BELL_SIZE } from '@contract/notification-badge';
import {
  DEFAULT_CHART_PERIOD,
  investmentChartInput,
  NARROW_PAGE_SIZE,
  plansInput,
  userInvestmentsInput,
} from './investments';
import { userNotificationsInput } from './notifications';

const investmentsApi = apiOf('investmentsApi');
const kycApi = apiOf('kycApi');
const metricsApi = apiOf('metricsApi');
const notificationsApi = apiOf('notificationsApi');
const plansApi = apiOf('plansApi');
const settingsApi = apiOf('settingsApi');
const usersApi = apiOf('usersApi');

/** A read a server-drawn page arrives with: the key its screens read it under, and its URL. */
export interface FirstRead {
  queryKey: readonly unknown[];
  url: string;
}

const readOf = <F extends RouteRef>(route: F, input?: Parameters<typeof keyOf<F>>[1]): FirstRead => ({
  queryKey: keyOf(route, input),
  // hrefOf's input is optional exactly when keyOf's is; typed here once for both.
  url: (hrefOf as (r: RouteRef, input?: unknown) => string)(route, input),
});

/**
 * What the investor dashboard's first screen draws from besides the session: what Dashboard.tsx
 * waits for (profile, identity, figures), and what its parts would each ask for once drawn (the
 * bell, quick invest's plans and balance, the chart, the first page of packages), so the page
 * arrives whole and the browser does not redraw it part by part as answers land. The keys are
 * those of the hooks that read them, built from the same inputs. (Crypto prices are left to the
 * browser: a price source that is slow to answer must not hold the page up.)
 */
export function dashboardFirstReads(userId: number, search = ''): FirstRead[] {
  const params = { params: { id: userId } };
  const reads = [
    readOf(settingsApi.public),
    readOf(usersApi.profile, params),
    readOf(kycApi.state, params),
    readOf(metricsApi.userDashboard, params),
    readOf(metricsApi.account, params),
    readOf(notificationsApi.ofUser, userNotificationsInput(userId, 1, BELL_SIZE)),
    readOf(plansApi.list, plansInput(false)),
    readOf(metricsApi.ownReturnsChart, investmentChartInput(DEFAULT_CHART_PERIOD)),
  ];
  // The packages' first page, unless the address asks for another.
  if (!new URLSearchParams(search).has('portfolio'))
    reads.push(readOf(investmentsApi.ofUser, userInvestmentsInput(userId, 1, NARROW_PAGE_SIZE)));
  return reads;
}
