// The words the refund screens show for an API failure: the Spanish refund texts first, then the
// money pages' own rule (trade-error.ts: Spanish money texts, the identity table, else the server's words).
import type { Locale } from '#core/language.ts';
import { refundsErrorsEs } from '../../i18n/refunds-errors-es.ts';
import { tradeErrorText } from '../../trade/form-kit/trade-error.ts';

export function refundErrorText(error: { code: string; message: string; fields?: Readonly<Record<string, readonly string[]>> | undefined }, locale: Locale): string {
  if (locale === 'es' && refundsErrorsEs[error.code]) return refundsErrorsEs[error.code] as string;
  return tradeErrorText(error, locale);
}
