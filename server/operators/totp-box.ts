// An operator's TOTP secret at rest. Checking a code needs the secret itself, so unlike the password it
// cannot be kept as a hash: it is sealed (AES-256-GCM, key from APP_SECRET, server/webhooks/secret-box.ts)
// and bound to the operator's provider and email, so a sealed secret copied onto another row does not open.

import type { Env } from '../env.ts';
import { sealedBox } from '../webhooks/secret-box.ts';

export interface TotpBox {
  seal(owner: TotpOwner, secret: string): string;
  open(owner: TotpOwner, sealed: string): string;
}

export interface TotpOwner {
  providerId: bigint;
  email: string;
}

export function totpBoxFor(env: Pick<Env, 'APP_SECRET' | 'MODE'>): TotpBox {
  const box = sealedBox(env, 'operator totp secret v1');
  const bind = (owner: TotpOwner) => `operator:${owner.providerId}:${owner.email}`;
  return {
    seal: (owner, secret) => box.seal(bind(owner), secret),
    open: (owner, sealed) => box.open(bind(owner), sealed),
  };
}
