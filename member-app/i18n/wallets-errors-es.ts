// Spanish texts for the money failures the wallet and transaction screens can meet (core/errors.ts
// "Money"). The identity failures keep their own catalogue (api-errors-es.ts).
export const walletsErrorsEs: Readonly<Record<string, string>> = {
  insufficient_funds: 'Tu saldo disponible es demasiado bajo para este importe. Introduce un importe menor o añade fondos primero.',
  currency_not_supported: 'Esta moneda no se admite aquí. Elige una de la lista.',
  operation_disabled: 'Esta operación no está disponible para tu cuenta.',
  rates_unavailable: 'Ha ocurrido un problema. Inténtalo de nuevo más tarde.',
  wallet_not_found: 'Aún no tienes un monedero en esta moneda. Añade el monedero primero.',
  transaction_not_found: 'No hay ninguna transacción con este id en tu cuenta.',
  transaction_not_pending: 'Esta transacción ya no se puede cambiar.',
  address_invalid: 'Esta dirección no es válida para esta moneda. Revísala y pégala de nuevo.',
  coin_unavailable: 'Los pagos en esta moneda no están disponibles ahora mismo. Elige otra moneda.',
  ledger_violation: 'Algo ha fallado por nuestra parte. Inténtalo de nuevo más tarde.',
};
