// The words a page shows for an API failure, in the page language where the text is fixed or its
// numbers come with the failure (retry_after_s).
import type { Locale } from '#core/language.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { apiErrorsEs, waitErrorsEs } from '../i18n/api-errors-es.ts';

export function errorText(error: Pick<ApiError, 'code' | 'message' | 'retry_after_s'>, locale: Locale): string {
  if (locale !== 'es') return error.message;
  const wait = waitErrorsEs[error.code];
  if (wait && error.retry_after_s !== undefined) return wait(error.retry_after_s);
  return apiErrorsEs[error.code] ?? error.message;
}
