// The words the money area shows for an API failure: its own codes in Spanish here, the money pages'
// table for the rest (tradeErrorText), else the server's message, which says what to do.

import type { Locale } from '#core/language.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { tradeErrorText } from '../../trade/form-kit/trade-error.ts';

const MONEY_ERRORS_ES: Readonly<Record<string, string>> = {
  wire_not_found: 'Ninguna transferencia pendiente tiene esta referencia: otro operador puede haberla conciliado ya. Recarga la lista.',
  withdrawal_not_awaiting_approval: 'Esta retirada ya no espera aprobación: otro operador actuó o el miembro la canceló. Recarga la lista.',
  approval_same_operator: 'Ya aprobaste esta retirada. Debe confirmarla un segundo operador con el rol de finanzas o de administración.',
  payout_not_retryable: 'Solo se puede enviar de nuevo un pago rechazado. Recarga la lista para ver su estado.',
  payout_not_found: 'No hay ningún pago con este identificador en tu proveedor. Recarga la lista.',
  nothing_to_pay_out: 'El dinero de este pago ya lo cubre un pago más reciente. Recarga la lista.',
  settlement_info_missing: 'Este comercio ya no tiene cuenta bancaria de liquidación. Pide al comercio que añada una.',
  wire_reference_invalid: 'Esta referencia no es válida: su último carácter no coincide con los demás, así que hay un carácter mal escrito. Compárala con el extracto.',
  wire_amount_mismatch: 'El importe o la divisa recibidos no son los que espera este pedido. No se abonó nada: revisa el extracto o devuelve el dinero al remitente.',
  wire_window_closed: 'El plazo de este pedido para recibir la transferencia terminó y el pedido se cerró. No se abonó nada: devuelve el dinero al remitente.',
  transaction_not_found: 'No hay ninguna retirada con este identificador en tu proveedor. Recarga la lista.',
};

export function moneyErrorText(error: ApiError, locale: Locale): string {
  if (locale === 'es' && MONEY_ERRORS_ES[error.code]) return MONEY_ERRORS_ES[error.code] as string;
  return tradeErrorText(error, locale);
}
