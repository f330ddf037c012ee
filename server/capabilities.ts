// What this process can do with the outside world, decided once at start from the environment, and the
// lines the start banner prints about it. Each live capability is switched on by its variables and is
// OFF without them, which is a clear state (the banner says what would switch it on), not a refusal:
//   chains          per family: the built-in test network, a node, or off (server/chain/chain-config.ts)
//   payouts         the test network, a node's wallet (Bitcoin family), EVM_PAYOUT_KEY (ETH and tokens)
//   mail            SMTP, or the dev outbox in test mode (live mode cannot run without mail: codes go by mail)
//   SMS             the dev outbox in test mode; no SMS gateway ships, so in live mode mobile codes are off
//   card payments   the TEST ACQUIRER in test mode; no card processor ships, so in live mode cards are off
//   identity checks the test KYC provider in test mode; a hosted provider in live mode, else operators decide
//   bank payments   the TEST BANK in test mode (online banking, wire instructions); off in live mode
//   prices          the built-in test feed or Kraken
// Live mode refuses to start only for what would be unsafe or cannot work at all: no APP_SECRET, no mail,
// test prices, a node without the account xpub to derive its addresses, a half-configured KYC provider.

import { ASSETS_OF_FAMILY, CHAIN_FAMILIES } from '#core/chain/networks.ts';
import { chainSettingsFrom, describeChains, type ChainEnv } from './chain/chain-config.ts';
import { LIVE_XPUB_ENV } from './chain/hd-keys.ts';

export const KYC_ENV = ['KYC_PROVIDER', 'KYC_API_URL', 'KYC_API_KEY', 'KYC_WEBHOOK_SECRET'] as const;

type Source = Readonly<Record<string, string | undefined>>;

export interface CapabilityEnv extends ChainEnv {
  EVM_PAYOUT_KEY?: string | undefined;
  SMTP_URL?: string | undefined;
  MAIL_FROM?: string | undefined;
  RATES_SOURCE?: 'test' | 'kraken' | undefined;
}

/** Card payments need a processor; the test acquirer is a double that must never take live money. */
export function cardPaymentsOn(mode: 'test' | 'live'): boolean {
  return mode === 'test';
}

/** The banner's lines: one per chain family, then the other capabilities, each on or off with why. */
export function describeCapabilities(env: CapabilityEnv, source: Source = process.env): string[] {
  const live = env.MODE === 'live';
  const kycVars = KYC_ENV.filter((name) => source[name]);
  const mailHost = env.SMTP_URL ? safeHost(env.SMTP_URL) : null;
  return [
    ...describeChains(chainSettingsFrom(env)).map((line) => `chain    ${line}`),
    `payouts  ${describePayouts(env)}`,
    `mail     ${mailHost ? `on, SMTP via ${mailHost}` : live ? 'off' : 'on, dev outbox (test mode: nothing leaves this machine)'}`,
    `SMS      ${live ? 'off (no SMS gateway in this build): mobile numbers cannot be verified by code; sign-in codes go by e-mail' : 'on, dev outbox (test mode)'}`,
    `cards    ${cardPaymentsOn(env.MODE) ? 'on, TEST ACQUIRER (test cards only, no real money)' : 'off (no card processor in this build): card deposits and card checkouts are not offered'}`,
    `identity ${live ? (kycVars.length === KYC_ENV.length ? `on, provider ${source.KYC_PROVIDER}` : `operators review every submission (set ${KYC_ENV.join(', ')} for a hosted provider)`) : 'on, test KYC provider (documented test cases)'}`,
    `banks    ${live ? 'off (no bank in this build): online banking, wire instructions and IBAN payouts are not offered' : 'on, TEST BANK (online banking, wires, IBAN payouts; no real money)'}`,
    `prices   ${env.RATES_SOURCE === 'kraken' ? "on, Kraken's public ticker" : 'on, built-in test feed (moving test prices)'}`,
  ];
}

/** What keeps MODE=live from starting; empty when it can run. */
export function liveModeProblems(env: CapabilityEnv, source: Source = process.env): string[] {
  const problems: string[] = [];
  if (!(env.SMTP_URL && (env.MAIL_FROM ?? source.MAIL_FROM))) problems.push('MODE=live needs mail: set SMTP_URL and MAIL_FROM (one-time codes and receipts go by e-mail; there is no dev outbox in live mode)');
  const settings = chainSettingsFrom(env);
  for (const family of CHAIN_FAMILIES) {
    if (settings.families[family].kind !== 'off' && !source[LIVE_XPUB_ENV[family]]) {
      problems.push(`MODE=live watches a ${family} node but needs its account xpub to derive receiving addresses: set ${LIVE_XPUB_ENV[family]} (the public key only)`);
    }
  }
  const kycVars = KYC_ENV.filter((name) => source[name]);
  if (kycVars.length > 0 && kycVars.length < KYC_ENV.length) problems.push(`The KYC provider is half configured: set ${KYC_ENV.filter((name) => !source[name]).join(', ')} too, or none of ${KYC_ENV.join(', ')}`);
  return problems;
}

/** Who sends coins: the test network, the node wallets, the EVM signer key; a family without them only receives. */
function describePayouts(env: CapabilityEnv): string {
  const settings = chainSettingsFrom(env);
  if (settings.network === 'test') return 'on, built-in test network';
  const parts: string[] = [];
  for (const family of CHAIN_FAMILIES) {
    const backend = settings.families[family];
    if (backend.kind === 'bitcoin-rpc') parts.push(`${ASSETS_OF_FAMILY[family].join(', ')} from the node's wallet`);
    if (backend.kind === 'evm-rpc') parts.push(env.EVM_PAYOUT_KEY ? `${ASSETS_OF_FAMILY[family].join(', ')} signed with EVM_PAYOUT_KEY` : `${ASSETS_OF_FAMILY[family].join(', ')} off (set EVM_PAYOUT_KEY to send; receiving works without it)`);
  }
  return parts.length > 0 ? parts.join('; ') : 'off (no chain is on)';
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(unparsable URL)';
  }
}
