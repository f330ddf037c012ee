// jsonb values are written as JSON text: node-postgres would turn a JS array into a PostgreSQL
// array literal and PGlite infers parameter types differently, so text plus a cast is the one
// spelling that means the same on both drivers.

/** Serialise a value for a jsonb column (the column types in schema.ts accept this string). */
export function toJsonb(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('toJsonb: the value has no JSON form');
  return text;
}
