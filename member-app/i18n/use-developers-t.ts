import type { Locale } from '#core/language.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { createUseT } from '#ui/i18n/use-t.ts';
import { errorText } from '../identity/error-text.ts';
import { developersEn } from './developers-en.ts';
import { developersErrorsEs, developersEs } from './developers-es.ts';

export const useDevelopersT = createUseT({ en: developersEn, es: developersEs });

/** What the developers section shows for an API failure: a field's message first, in the page language. */
export function developersErrorText(error: Pick<ApiError, 'code' | 'message' | 'fields'>, locale: Locale): string {
  const field = error.fields ? Object.values(error.fields)[0]?.[0] : undefined;
  if (field && locale !== 'es') return field;
  if (locale === 'es' && developersErrorsEs[error.code]) return developersErrorsEs[error.code] ?? error.message;
  return errorText(error, locale);
}
