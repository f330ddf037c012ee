// The secret the platform and the test bank sign with (requests to the bank, and the bank's callbacks).
// Decided: derived from APP_SECRET with HKDF-SHA256 (info "paykit test bank v1"), so there is no extra
// variable to set and it is never the same bytes as the one-time-code key. Without APP_SECRET (test mode
// only) a fixed development key stands in, as for the codes. scripts/start.ts hands it to the test bank in
// memory; a live bank would issue its own secret instead.

import { hkdfSync } from 'node:crypto';
import type { Env } from '../env.ts';

const DEVELOPMENT_KEY = 'paykit-test-mode-development-bank-key-never-for-live';

export function bankSecretFor(env: Pick<Env, 'APP_SECRET'>): string {
  return Buffer.from(hkdfSync('sha256', env.APP_SECRET || DEVELOPMENT_KEY, '', 'paykit test bank v1', 32)).toString('hex');
}

/** Where the test bank listens: loopback on TEST_BANK_PORT, its own origin, as a real bank's is. */
export function testBankUrl(env: Pick<Env, 'TEST_BANK_PORT'>): string {
  return `http://127.0.0.1:${env.TEST_BANK_PORT ?? 4100}`;
}
