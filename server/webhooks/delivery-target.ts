// Where a delivery goes: the URL's host name resolved NOW, every address it answers checked against the
// address policy, and one checked address handed to the request (pinned-post.ts) so the connection goes to
// exactly that address. Resolving again at connect time would let a name that answered a public address to
// the check answer 127.0.0.1 to the connection (DNS rebinding).

import { lookup } from 'node:dns/promises';
import type { Env } from '../env.ts';
import { isLoopback, refusedAddress } from './address-policy.ts';
import type { WebhookUrlCheck } from './webhook-url.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Turns a host name into its addresses; tests pass one that answers what the test needs. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/** retry: the name did not resolve now (DNS can fail for a while), unlike a refusal, which stays one. */
export type DeliveryTarget = { ok: true; address: ResolvedAddress } | { ok: false; error: string; retry: boolean };

function allowed(address: string, mode: Env['MODE']): string | null {
  if (mode === 'test' && isLoopback(address)) return null;
  return refusedAddress(address);
}

export async function deliveryTarget(checked: Extract<WebhookUrlCheck, { ok: true }>, mode: Env['MODE'], resolve: Resolver): Promise<DeliveryTarget> {
  if (checked.literal) {
    const why = allowed(checked.literal, mode);
    if (why) return { ok: false, error: `endpoint not allowed: ${checked.literal} is ${why}`, retry: false };
    return { ok: true, address: { address: checked.literal, family: checked.literal.includes(':') ? 6 : 4 } };
  }
  // Test mode's receivers listen on 127.0.0.1; localhost may resolve to ::1 first, where nothing listens.
  if (mode === 'test' && checked.hostname === 'localhost') return { ok: true, address: { address: '127.0.0.1', family: 4 } };
  let answers: ResolvedAddress[];
  try {
    answers = await resolve(checked.hostname);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { ok: false, error: `could not resolve ${checked.hostname}: ${typeof code === 'string' ? code : 'lookup failed'}`, retry: true };
  }
  if (answers.length === 0) return { ok: false, error: `could not resolve ${checked.hostname}: no address`, retry: true };
  // One bad answer refuses the name: otherwise a name answering a public and a private address would reach
  // inside whenever the private one came first.
  for (const answer of answers) {
    const why = allowed(answer.address, mode);
    if (why) return { ok: false, error: `endpoint not allowed: ${checked.hostname} resolves to ${answer.address}, ${why}`, retry: false };
  }
  return { ok: true, address: answers[0]! };
}
