// SWIFT/BIC (ISO 9362): 4 letters of bank, 2 of country, 2 letters or digits of location, and an
// optional 3-character branch. One rule for the settlement form (as the merchant types) and the server.

const SHAPE = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** Spaces dropped and upper-cased, as banks print it. */
export function normaliseBic(raw: string): string {
  return raw.replace(/\s/g, '').toUpperCase();
}

/** 8 or 11 characters: bank code, country, location, optional branch. */
export function bicValid(raw: string): boolean {
  return SHAPE.test(normaliseBic(raw));
}
