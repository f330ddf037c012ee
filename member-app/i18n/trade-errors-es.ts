// Spanish texts for the money failures of core/errors.ts ("Money"). Like api-errors-es.ts,
// a failure whose server message names a figure (insufficient_funds naming what is available) keeps
// its fixed Spanish text here; the English page shows the server's own words.
export const tradeErrorsEs: Readonly<Record<string, string>> = {
  insufficient_funds: 'Tu saldo disponible es insuficiente para este importe. Introduce un importe menor o añade fondos primero.',
  liquidity_unavailable: 'Ahora mismo no podemos cubrir este importe. Prueba con un importe menor o inténtalo más tarde.',
  amount_below_minimum: 'El importe está por debajo del mínimo. Introduce un importe mayor.',
  amount_above_maximum: 'El importe supera el máximo. Introduce un importe menor.',
  currency_not_supported: 'Esta moneda no se admite aquí. Elige una de la lista.',
  pair_not_supported: 'Estas dos monedas no se pueden convertir entre sí aquí. Elige otro par.',
  operation_disabled: 'Esta operación no está disponible para tu cuenta.',
  rates_unavailable: 'Se ha producido un problema. Inténtalo de nuevo más tarde.',
  quote_expired: 'El precio ha cambiado desde que lo pediste. Revisa la nueva cotización y vuelve a confirmar.',
  quote_not_found: 'Esta cotización no existe o ya se ha usado. Pide una cotización nueva.',
  coupon_invalid: 'Este código de cupón no es válido o ha caducado. Revisa el código o continúa sin él.',
  wallet_not_found: 'Todavía no tienes un monedero en esta moneda. Añádelo primero.',
  transaction_not_found: 'No hay ninguna transacción con este identificador en tu cuenta.',
  transaction_not_pending: 'Esta transacción ya no se puede cambiar.',
  beneficiary_not_found: 'Elige una de tus cuentas bancarias guardadas o añade una nueva.',
  address_invalid: 'Esta dirección no es válida para esta moneda. Revísala y pégala de nuevo.',
  card_declined: 'La tarjeta ha sido rechazada. Usa otra tarjeta o contacta con tu banco.',
  card_invalid: 'Los datos de la tarjeta no son válidos. Revisa el número, la fecha de caducidad y el código de seguridad.',
  // The server's message names the figures; limitMessage (core/compliance/limits.ts) says them in Spanish.
  limit_exceeded: 'Este importe supera lo que permite tu nivel de verificación. Completa el siguiente paso en Verificación de la cuenta para subir el límite, o introduce un importe menor.',
  idempotency_in_flight: 'Tu solicitud anterior aún se está procesando. Inténtalo de nuevo en un momento.',
  idempotency_key_reused: 'Esta solicitud ya se envió con otros datos. Vuelve a intentarlo.',
  network_error: 'No hemos podido conectar con el servidor. Revisa tu conexión y vuelve a intentarlo.',
  bad_response: 'El servidor ha enviado una respuesta que no podemos leer. Inténtalo de nuevo más tarde.',
};
