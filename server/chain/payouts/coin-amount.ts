// Bitcoin Core speaks coins as JSON numbers with 8 decimals (0.12345678). We keep satoshis (= our minor
// units for BTC, LTC and BCH). Sending, we pass the amount as a decimal STRING (the RPC accepts both), so no
// float ever touches an amount we pay; reading, a double holds 8 decimals exactly up to 90 million coins.

export function minorToCoinString(minor: bigint): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(9, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -8)}.${digits.slice(-8)}`;
}

export function coinNumberToMinor(coins: number): bigint {
  if (!Number.isFinite(coins) || Math.abs(coins) > 90_000_000) throw new RangeError(`not a coin amount: ${coins}`);
  return BigInt(Math.round(coins * 1e8));
}
