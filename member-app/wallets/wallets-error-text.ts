// The words a wallet screen shows for an API failure, in the page language.
import type { Locale } from '#core/language.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { errorText } from '../identity/error-text.ts';
import { walletsErrorsEs } from '../i18n/wallets-errors-es.ts';

export function walletsErrorText(error: Pick<ApiError, 'code' | 'message'>, locale: Locale): string {
  if (locale === 'es' && walletsErrorsEs[error.code]) return walletsErrorsEs[error.code] ?? error.message;
  return errorText(error, locale);
}
