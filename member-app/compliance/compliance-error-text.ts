// The words the compliance screens show for an API failure: the document_* refusals in Spanish from their
// own table (documents-errors-es.ts), everything else as the identity pages say it.
import type { Locale } from '#core/language.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { documentsErrorsEs } from '../i18n/documents-errors-es.ts';
import { errorText } from '../identity/error-text.ts';

export function complianceErrorText(error: Pick<ApiError, 'code' | 'message' | 'retry_after_s'>, locale: Locale): string {
  if (locale === 'es' && documentsErrorsEs[error.code]) return documentsErrorsEs[error.code] as string;
  return errorText(error, locale);
}
