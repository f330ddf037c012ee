// The words a money page shows for an API failure: the Spanish money texts first, then the
// identity pages' shared table, else the server's own message. A validation failure on an English
// page shows the first field's own message ("The minimum is 50.00 EUR."), which says more than
// "check the fields" on a form whose only field is the amount.
import type { Locale } from '#core/language.ts';
import { tradeErrorsEs } from '../../i18n/trade-errors-es.ts';
import { errorText } from '../../identity/error-text.ts';

export function tradeErrorText(error: { code: string; message: string; fields?: Readonly<Record<string, readonly string[]>> | undefined }, locale: Locale): string {
  // A limit refusal arrives already in the page's language (the server reads the lang cookie) with its
  // figures and the step that lifts it, which the fixed catalogue text would lose.
  if (error.code === 'limit_exceeded' && error.message) return error.message;
  if (locale === 'es' && tradeErrorsEs[error.code]) return tradeErrorsEs[error.code] as string;
  const field = error.code === 'validation_failed' && locale === 'en' ? Object.values(error.fields ?? {})[0]?.[0] : undefined;
  return field ?? errorText(error, locale);
}
