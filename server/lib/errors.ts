import { errorCatalogue, type ErrorCode, type FieldIssue } from '../../contract/errors';

/**
 * The one error type services throw; the error handler turns it into `{ message, code, details }`.
 * The status comes from the code (contract/errors.ts), so one code always answers alike.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string = errorCatalogue[code].message,
    readonly details?: unknown,
    /** Extra top-level fields a client of the spec expects (e.g. the device-limit session list). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorCatalogue[code].status;
  }
}

export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
export const unauthenticated = (message?: string) => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const adminRequired = () => new AppError('ADMIN_REQUIRED');
export const validationFailed = (message: string, details: FieldIssue[]) =>
  new AppError('VALIDATION_FAILED', message, details);
