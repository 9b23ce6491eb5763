import { z } from 'zod';
import { zDeviceSession } from './auth';
import { zPage } from './pagination';

/** `GET /api/users/device-sessions/:id`: one user's live sessions. */
export const zDeviceSessionList = z.object({ data: z.array(zDeviceSession) });
export type DeviceSessionList = z.infer<typeof zDeviceSessionList>;

/** A live session in the staff list, with whose it is. */
export const zLiveSession = zDeviceSession.extend({ userId: z.number(), userName: z.string() });
export type LiveSession = z.infer<typeof zLiveSession>;

/** `GET /api/users/device-sessions` (staff): every live session. */
export const zLiveSessionPage = zPage(zLiveSession);
export type LiveSessionPage = z.infer<typeof zLiveSessionPage>;
