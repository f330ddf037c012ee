// Spanish texts for the refund failures of core/errors.ts; the other money failures come from
// trade-errors-es.ts (refund-error-text.ts asks this table first).
export const refundsErrorsEs: Readonly<Record<string, string>> = {
  payment_not_acceptable: 'Solo se puede aceptar un pago no válido (pagado tarde, o incompleto cuando se cerró su plazo), o el dinero que llegó después de liquidarse un pago con exceso, y solo mientras quede dinero confirmado por abonar.',
  payment_not_refundable: 'Este pago no tiene nada que reembolsar: espera a que esté liquidado o no válido, y reembolsa solo lo recibido y aún no reembolsado.',
  refund_not_found: 'No encontramos ese reembolso en tu cuenta.',
  refund_claim_not_found: 'Este enlace de reembolso no es válido. Comprueba que abriste el enlace completo del correo o pide uno nuevo a la tienda.',
  refund_claim_expired: 'Este enlace de reembolso ha caducado. Pide a la tienda que te envíe uno nuevo.',
  refund_claim_used: 'Este reembolso ya se envió. Un enlace de reembolso funciona una sola vez.',
  refund_payout_unavailable: 'Ahora no se pueden enviar reembolsos en esta moneda. No se envió nada y tu enlace sigue funcionando: inténtalo más tarde.',
};
