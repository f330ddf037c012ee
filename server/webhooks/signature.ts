// Standard Webhooks signing (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md):
// the secret is 'whsec_' + base64 of random bytes, and the HMAC key is those bytes (not the text);
// the signed content is "<msg id>.<unix seconds>.<body>", and the header carries 'v1,' + base64 of the MAC.

import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** 32 random bytes: the spec asks for 24 to 64. */
export function newSigningSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

export function signatureOf(secret: string, msgId: string, timestampSeconds: number, body: string): string {
  if (!secret.startsWith(PREFIX)) throw new Error('webhook signing secret must start with whsec_');
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  return 'v1,' + createHmac('sha256', key).update(`${msgId}.${timestampSeconds}.${body}`).digest('base64');
}

/** The three headers of one delivery attempt (a fresh timestamp each attempt, so retries pass the receiver's tolerance). */
export function webhookHeaders(secret: string, msgId: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'PayKit-Webhooks/1',
    'webhook-id': msgId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, msgId, timestamp, body),
  };
}
