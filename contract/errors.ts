import { z } from 'zod';

/** Every API error has this shape (DESIGN.md §6); a few carry extra fields the spec's client reads. */
export const zErrorBody = z.looseObject({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof zErrorBody>;

/** A failing field of a validation error, listed in `details`. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** Stable error codes shared by server and client. */
export const ErrorCode = {
  VALIDATION: 'VALIDATION_FAILED',
  BAD_JSON: 'MALFORMED_JSON',
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA_TYPE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  NOT_FOUND: 'NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  ADMIN_REQUIRED: 'ADMIN_REQUIRED',
  CSRF: 'CSRF_REJECTED',
  RATE_LIMITED: 'RATE_LIMITED',
  CONFLICT: 'CONFLICT',
  INTERNAL: 'INTERNAL_ERROR',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Messages from the spec's catalogue (§8) used by more than one place. */
export const Messages = {
  adminRequired: 'Unauthorized: Admin access required',
  settingsForbidden: 'You do not have permission to update settings',
  settingsUpdated: 'Settings updated successfully',
  notLoggedIn: 'User not logged in',
  invalidToken: 'Invalid or expired token',
  somethingWrong: 'Something went wrong.',
} as const;
