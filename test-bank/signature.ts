// The bank's signature scheme, like Stripe's: `Bank-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<raw body>">`, refused beyond TOLERANCE_S. The bank is another party, so it carries its own copy
// and imports nothing from server/ (as demo-merchant-site does); both sides share only the secret.

import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'bank-signature';
export const TOLERANCE_S = 300;

export function sign(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

export function verify(secret: string, header: string | undefined, rawBody: string, nowS: number): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given) || Math.abs(nowS - timestamp) > TOLERANCE_S) return false;
  return timingSafeEqual(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest(), Buffer.from(given, 'hex'));
}
