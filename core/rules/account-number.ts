// Spec §2: the header user menu shows the account number, the provider's account_prefix
// followed by the user's client id ("VX" + "100231" -> "VX100231").

/** null when there is no client id yet: a bare prefix would look like a real account number. */
export function accountNumber(accountPrefix: string, clientId: string | number | bigint | null | undefined): string | null {
  if (clientId === null || clientId === undefined) return null;
  const id = String(clientId).trim();
  return id === '' ? null : `${accountPrefix}${id}`;
}
