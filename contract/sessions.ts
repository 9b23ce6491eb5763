import { z } from 'zod';
import { zDeviceSession, zDisconnectAllBody, zDisconnectBody } from './auth';
import { zIdParam, zPage, zPageQuery } from './pagination';
import { route, zMessage } from './route';

/** `GET /api/users/device-sessions/:id`: one user's live sessions. */
export const zDeviceSessionList = z.object({ data: z.array(zDeviceSession) });
export type DeviceSessionList = z.infer<typeof zDeviceSessionList>;

/** A live session in the staff list, with whose it is. */
export const zLiveSession = zDeviceSession.extend({ userId: z.number(), userName: z.string() });
export type LiveSession = z.infer<typeof zLiveSession>;

/** `GET /api/users/device-sessions` (staff): every live session. */
export const zLiveSessionPage = zPage(zLiveSession);
export type LiveSessionPage = z.infer<typeof zLiveSessionPage>;

export const sessionsApi = {
  ofUser: route({
    method: 'GET',
    path: '/users/device-sessions/:id',
    tag: 'sessions',
    summary: "A user's live device sessions (own, or any for staff)",
    access: 'user',
    params: zIdParam,
    response: zDeviceSessionList,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
  all: route({
    method: 'GET',
    path: '/users/device-sessions',
    tag: 'sessions',
    summary: 'All live sessions (staff)',
    access: 'staff',
    query: zPageQuery,
    response: zLiveSessionPage,
    errors: [],
  }),
  disconnect: route({
    method: 'DELETE',
    path: '/users/device-sessions/:id',
    tag: 'sessions',
    summary: 'Disconnect one device (own other device, admin any, or during login with the loginChallenge)',
    // A visitor stopped by the device limit proves who they are with the loginChallenge.
    access: 'public',
    params: zIdParam,
    body: zDisconnectBody,
    response: zMessage,
    errors: ['UNAUTHENTICATED', 'INVALID_CHALLENGE', 'NOT_FOUND', 'CURRENT_DEVICE'],
  }),
  disconnectAll: route({
    method: 'POST',
    path: '/users/disconnect-all-devices',
    tag: 'sessions',
    summary: 'Disconnect every other device (or all, during login with the loginChallenge)',
    access: 'public',
    body: zDisconnectAllBody,
    response: zMessage,
    errors: ['UNAUTHENTICATED', 'INVALID_CHALLENGE'],
  }),
};
