// The words a page shows for an API failure, in the page language where the text is fixed.
import type { Locale } from '#core/language.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { apiErrorsEs } from '../i18n/api-errors-es.ts';

export function errorText(error: Pick<ApiError, 'code' | 'message'>, locale: Locale): string {
  if (locale === 'es') return apiErrorsEs[error.code] ?? error.message;
  return error.message;
}
