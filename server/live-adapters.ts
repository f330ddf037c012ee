// MODE=live must refuse to start until every adapter it needs is configured (DESIGN.md, Runtime).
// This table is the single list of those adapters: what each one is, the environment variables a
// live deployment would set for it, and whether this build ships a live implementation at all.
// When an issue adds a live adapter it flips `available` and the check starts reading its variables.

export interface LiveAdapter {
  /** What the operator reads in the refusal message. */
  name: string;
  /** Variables a live deployment sets for this adapter. */
  env: readonly string[];
  /** Whether this build contains a live implementation; test mode uses the embedded stand-in. */
  available: boolean;
}

export const LIVE_ADAPTERS: readonly LiveAdapter[] = [
  // Account-level xpubs (public keys only; server/chain/hd-keys.ts): the server derives receiving addresses, never spends.
  { name: 'chain adapter: EVM JSON-RPC (ETH, USDT, USDC)', env: ['EVM_RPC_URL', 'EVM_XPUB'], available: false },
  { name: 'chain adapter: Esplora REST (BTC, LTC, BCH)', env: ['ESPLORA_URL', 'BTC_XPUB', 'LTC_XPUB', 'BCH_XPUB'], available: false },
  { name: 'card acquirer (PSP)', env: ['PSP_API_URL', 'PSP_API_KEY', 'PSP_WEBHOOK_SECRET'], available: false },
  { name: 'mail: SMTP (nodemailer)', env: ['SMTP_URL', 'MAIL_FROM'], available: true },
  // A hosted identity-check provider (server/compliance/live-adapter.ts): applicants, photos, its signed webhook.
  { name: 'KYC provider (hosted, HTTPS API and HMAC-signed webhook)', env: ['KYC_PROVIDER', 'KYC_API_URL', 'KYC_API_KEY', 'KYC_WEBHOOK_SECRET'], available: true },
  // The interface is server/notifications/sms-gateway.ts; test mode writes SMS to the dev outbox.
  { name: 'SMS gateway (HTTP API)', env: ['SMS_API_URL', 'SMS_API_KEY', 'SMS_SENDER_ID'], available: false },
];

/** One problem line per adapter that keeps live mode from starting; empty when live mode can run. */
export function liveModeProblems(source: Readonly<Record<string, string | undefined>>): string[] {
  const problems: string[] = [];
  for (const adapter of LIVE_ADAPTERS) {
    if (!adapter.available) {
      problems.push(
        `MODE=live needs the ${adapter.name}, which this build does not include yet (it would read ${adapter.env.join(', ')}); use MODE=test`,
      );
      continue;
    }
    const missing = adapter.env.filter((name) => !source[name]);
    if (missing.length > 0) problems.push(`MODE=live needs the ${adapter.name} configured: set ${missing.join(', ')}`);
  }
  return problems;
}
