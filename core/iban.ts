// The IBAN check digits (ISO 13616 mod-97): catches a mistyped IBAN before the bank would. One rule for
// the withdrawal form (as the member types) and the server (before a beneficiary is saved).
// The contract schema checks the shape; this checks the arithmetic, in bigint-free chunks.

const SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

/** Country, check digits, 10 to 30 letters or digits: the contract schema's shape. */
export function ibanShaped(raw: string): boolean {
  return SHAPE.test(raw.replace(/\s/g, '').toUpperCase());
}

export function ibanChecksumValid(raw: string): boolean {
  const iban = raw.replace(/\s/g, '').toUpperCase();
  if (!SHAPE.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** Country, check digits and the last 4 characters: "DE89 •••• 3000" (lists never show the whole account). */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

/** "DE89370400440532013000" -> "DE89 3704 0044 0532 0130 00", as IBANs are printed. */
export function formatIban(raw: string): string {
  return raw.replace(/\s/g, '').toUpperCase().replace(/(.{4})(?=.)/g, '$1 ');
}
