// The words the settlements pages show for an API failure: the settlement codes in Spanish here, the
// money pages' table for the rest (tradeErrorText).

import type { Locale } from '#core/language.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { tradeErrorText } from '../trade/form-kit/trade-error.ts';

const SETTLEMENT_ERRORS_ES: Readonly<Record<string, string>> = {
  settlement_info_missing: 'Añade primero tu cuenta bancaria en Datos de liquidación; los pagos van a esa cuenta.',
  nothing_to_pay_out: 'Todavía no hay nada que pagar: los pagos convertidos aparecen aquí cuando se liquidan.',
  payout_not_found: 'No hay ningún pago con este identificador en tu cuenta.',
  operation_disabled: 'Las liquidaciones no están disponibles aquí.',
};

export function settlementErrorText(error: ApiError, locale: Locale): string {
  if (locale === 'es' && SETTLEMENT_ERRORS_ES[error.code]) return SETTLEMENT_ERRORS_ES[error.code] as string;
  return tradeErrorText(error, locale);
}
