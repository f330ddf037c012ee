// Every route reads its body, query and params through parseInput with the schema of its contract,
// so a malformed request is a 400 with field errors, never a crash deeper in and never a 500.

import * as v from 'valibot';
import type { FieldErrors } from '#core/errors.ts';
import { apiError, type ApiError } from './api-error.ts';

export type InputPart = 'body' | 'query' | 'params';

/** Parses `value` with `schema`, or throws a validation_failed ApiError keyed by field path. */
export function parseInput<const TSchema extends v.GenericSchema>(schema: TSchema, value: unknown, part: InputPart): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  throw validationError(result.issues, part);
}

/** Field paths are dotted paths into the part ("billing.zipCode"); a problem with the part as a whole is keyed by the part's name. */
export function validationError(issues: readonly v.BaseIssue<unknown>[], part: InputPart): ApiError {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? part;
    (fields[path] ??= []).push(issue.message);
  }
  return apiError('validation_failed', undefined, fields);
}
