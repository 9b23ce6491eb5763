import { ErrorCode, Messages, type ErrorCodeValue } from '../../contract/errors';

/** The one error type services throw; the error handler turns it into `{ message, code, details }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCodeValue | (string & {}),
    message: string,
    readonly details?: unknown,
    /** Extra top-level fields a client of the spec expects (e.g. the device-limit session list). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError(404, ErrorCode.NOT_FOUND, message);
export const unauthenticated = (message: string = Messages.notLoggedIn) =>
  new AppError(401, ErrorCode.UNAUTHENTICATED, message);
export const forbidden = (message = 'Access Denied') => new AppError(403, ErrorCode.FORBIDDEN, message);
export const adminRequired = () => new AppError(403, ErrorCode.ADMIN_REQUIRED, Messages.adminRequired);
export const validationFailed = (message: string, details: { field: string; message: string }[]) =>
  new AppError(400, ErrorCode.VALIDATION, message, details);
export const conflict = (message: string, code: string = ErrorCode.CONFLICT) => new AppError(409, code, message);
