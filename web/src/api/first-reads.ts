import { hrefOf, keyOf } from './call';
import { apiOf, type RouteRef } from './routes';

const kycApi = apiOf('kycApi');
const metricsApi = apiOf('metricsApi');
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
 * What the investor dashboard's first screen draws from besides the session (Dashboard.tsx waits
 * for all of them): the keys are those of the hooks that read them (useProfile, useKycState,
 * useUserDashboard, usePublicSettings), built the same way.
 */
export function dashboardFirstReads(userId: number): FirstRead[] {
  const params = { params: { id: userId } };
  return [
    readOf(settingsApi.public),
    readOf(usersApi.profile, params),
    readOf(kycApi.state, params),
    readOf(metricsApi.userDashboard, params),
  ];
}
