// A percent from the API ("1.50") written with the page's decimal mark: "1.50" (en), "1,50" (es).
import type { Locale } from '#core/language.ts';

export function percentText(percent: string, locale: Locale): string {
  return locale === 'es' ? percent.replace('.', ',') : percent;
}
