// The one thing a route throws when the caller did something wrong: an AppError value (code from
// core/errors.ts, message for the user, optional field errors) wrapped so it can travel as an
// exception to the central error handler, which answers it with its catalogue status.

import { appError, ERRORS, type AppError, type ErrorCode, type FieldErrors } from '#core/errors.ts';

export class ApiError extends Error {
  readonly body: AppError;
  readonly statusCode: number;

  constructor(body: AppError) {
    super(body.message);
    this.name = 'ApiError';
    this.body = body;
    this.statusCode = ERRORS[body.code].status;
  }
}

export function apiError(code: ErrorCode, message?: string, fields?: FieldErrors): ApiError {
  return new ApiError(appError(code, message, fields));
}
