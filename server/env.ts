// The platform's whole configuration comes from environment variables, checked once at start.
// Every bad variable gets its own message naming the variable, what it must be and what came,
// so an operator fixes them all in one go instead of one restart per mistake.

import * as v from 'valibot';
import { liveModeProblems } from './capabilities.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Env {
  PORT: number;
  HOST: string;
  SHOP_PORT: number;
  /** The test bank's port (test mode only; scripts/start.ts starts it on 127.0.0.1, its own origin). */
  TEST_BANK_PORT?: number;
  /** The platform's public origin without a trailing slash; merchants' pages load pay.js from here. */
  PUBLIC_URL: string;
  /** PGlite data directory, or `memory://` for a database that lives and dies with the process. */
  DATA_DIR: string;
  /** When set, PostgreSQL is used instead of PGlite. */
  DATABASE_URL: string | undefined;
  /**
   * The same PostgreSQL reached directly, when DATABASE_URL goes through a transaction-pooling pgbouncer:
   * migrations and the leader's advisory lock need a session of their own (default: DATABASE_URL).
   */
  DIRECT_DATABASE_URL?: string | undefined;
  MODE: 'test' | 'live';
  LOG_LEVEL: LogLevel;
  /**
   * Key of the one-time-code HMAC (server/verification/code-secret.ts). Required in live mode;
   * unset in test mode means a fixed development key, which the start banner says.
   */
  APP_SECRET?: string | undefined;
  /** smtp:// or smtps:// URL: when set, mail goes out through nodemailer instead of the dev outbox. */
  SMTP_URL?: string | undefined;
  /** The From address of outgoing mail when SMTP_URL is set. */
  MAIL_FROM?: string | undefined;
  /**
   * Requests a minute one address may make to the sign-in, registration, code and reset endpoints.
   * Raise it where many people share one address (an office NAT, the browser specs' loopback).
   */
  AUTH_RATE_LIMIT_PER_MINUTE?: number;
  /** Requests a minute one address may make to any other route (static files are not counted). */
  RATE_LIMIT_PER_MINUTE?: number;
  /**
   * Requests a second each merchant secret key may send to the merchant API when its merchant has no limit
   * of its own (the console sets one per merchant); unset: 100.
   */
  MERCHANT_RATE_LIMIT_PER_SECOND?: number | undefined;
  /** Where prices come from: 'test' (the built-in moving test feed; test mode only) or a live exchange ticker. */
  RATES_SOURCE?: 'test' | 'kraken';
  /** Seconds a conversion quote holds its price. */
  QUOTE_TTL_S?: number;
  /** Test network: milliseconds between blocks (each block adds one confirmation to every unconfirmed payment). */
  TEST_NETWORK_BLOCK_MS?: number;
  /** Milliseconds the test bank and test network take to complete a confirmed withdrawal. */
  WITHDRAWAL_SETTLE_MS?: number;
  /**
   * Chain nodes (server/chain/chain-config.ts): Bitcoin Core JSON-RPC URLs with credentials
   * (http://user:pass@host:port, a wallet as /wallet/NAME for payouts) and an EVM JSON-RPC URL. In test
   * mode any of them switches the process to the local nodes' regtest chains; in live mode each one
   * switches its family on.
   */
  BTC_RPC_URL?: string | undefined;
  LTC_RPC_URL?: string | undefined;
  BCH_RPC_URL?: string | undefined;
  EVM_RPC_URL?: string | undefined;
  /** ERC-20 contracts of USDT and USDC on the EVM node's chain (defaults: core/chain/networks.ts). */
  EVM_USDT_CONTRACT?: string | undefined;
  EVM_USDC_CONTRACT?: string | undefined;
  /** Milliseconds between a node watcher's looks at its node (mempool and tip). */
  CHAIN_POLL_MS?: number | undefined;
  /** The EVM hot wallet's private key (0x + 64 hex): ETH, USDT and USDC payouts are signed with it. Never logged. */
  EVM_PAYOUT_KEY?: string | undefined;
  /** The most an EVM payout may offer per gas, in gwei (first signing and every re-pricing); default 200. */
  EVM_MAX_FEE_PER_GAS_GWEI?: number | undefined;
  /** Seconds an EVM payout may sit unmined before it is re-priced (same nonce, higher fees); default 300. */
  EVM_REPRICE_AFTER_S?: number | undefined;
}

export type EnvResult = { ok: true; value: Env } | { ok: false; problems: string[] };

type Source = Readonly<Record<string, string | undefined>>;

const port = v.pipe(
  v.string(),
  v.regex(/^[0-9]{1,5}$/),
  v.transform((raw) => Number.parseInt(raw, 10)),
  v.minValue(1),
  v.maxValue(65535),
);
const host = v.pipe(v.string(), v.regex(/^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:]*:[0-9a-fA-F:.]*|[A-Za-z0-9.-]{1,253})$/));
const publicUrl = v.pipe(
  v.string(),
  v.regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/),
  v.url(),
  v.transform((raw) => raw.replace(/\/+$/, '')),
);
const dataDir = v.pipe(v.string(), v.regex(/^(memory:\/\/|[^\0]+)$/));
const databaseUrl = v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/), v.url());
const mode = v.picklist(['test', 'live']);
const perMinute = v.pipe(
  v.string(),
  v.regex(/^[0-9]{1,6}$/),
  v.transform((raw) => Number.parseInt(raw, 10)),
  v.minValue(1),
);
const logLevel = v.picklist(LOG_LEVELS);
const ratesSource = v.picklist(['test', 'kraken']);
const milliseconds = v.pipe(
  v.string(),
  v.regex(/^[0-9]{1,8}$/),
  v.transform((raw) => Number.parseInt(raw, 10)),
  v.minValue(0),
);
const seconds = v.pipe(v.string(), v.regex(/^[0-9]{1,5}$/), v.transform((raw) => Number.parseInt(raw, 10)), v.minValue(5), v.maxValue(3600));
// 32 characters at least: the key of an HMAC over a six-digit code must not itself be guessable.
const appSecret = v.pipe(v.string(), v.minLength(32));
const smtpUrl = v.pipe(v.string(), v.regex(/^smtps?:\/\/\S+$/), v.url());
const nodeUrl = v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/), v.url());
const evmContract = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/));
const privateKey = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/));
const gweiPerGas = v.pipe(v.string(), v.regex(/^[0-9]{1,6}$/), v.transform((raw) => Number.parseInt(raw, 10)), v.minValue(1));
const repriceSeconds = v.pipe(v.string(), v.regex(/^[0-9]{1,6}$/), v.transform((raw) => Number.parseInt(raw, 10)), v.minValue(15));
const pollMs = v.pipe(v.string(), v.regex(/^[0-9]{1,6}$/), v.transform((raw) => Number.parseInt(raw, 10)), v.minValue(50));
const mailFrom = v.pipe(v.string(), v.regex(/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/));

/** Reads and checks the environment; never throws, never exits: the caller decides how to report. */
export function readEnv(source: Source = process.env): EnvResult {
  const problems: string[] = [];

  function field<T>(name: string, schema: v.GenericSchema<string, T>, expected: string, fallback: string | undefined): T | undefined {
    const raw = source[name];
    // An empty variable counts as unset: `FOO= npm start` and shells that export empty values mean "use the default".
    const value = raw === undefined || raw === '' ? fallback : raw;
    if (value === undefined) return undefined;
    const result = v.safeParse(schema, value);
    if (result.success) return result.output;
    problems.push(`${name} must be ${expected}, got '${shown(name, value)}'`);
    return undefined;
  }

  const PORT = field('PORT', port, 'a whole number between 1 and 65535', '8080');
  // Loopback unless told otherwise: a test-mode platform (its dev outbox shows every code and reset link) must
  // not be reachable from the network by default. Fastify listens on 127.0.0.1 and ::1 for 'localhost'.
  const HOST = field('HOST', host, 'a host name or IP address to listen on, like localhost, 0.0.0.0 or 127.0.0.1', 'localhost');
  const SHOP_PORT = field('SHOP_PORT', port, 'a whole number between 1 and 65535', '4000');
  const TEST_BANK_PORT = field('TEST_BANK_PORT', port, 'a whole number between 1 and 65535', '4100');
  const PUBLIC_URL = field(
    'PUBLIC_URL',
    publicUrl,
    'an http:// or https:// origin like https://pay.example.com (no query or fragment)',
    `http://localhost:${PORT ?? 8080}`,
  );
  const DATA_DIR = field('DATA_DIR', dataDir, "a directory path, or 'memory://' for an in-memory database", './data');
  const DATABASE_URL = field('DATABASE_URL', databaseUrl, 'a postgres:// or postgresql:// URL', undefined);
  const DIRECT_DATABASE_URL = field('DIRECT_DATABASE_URL', databaseUrl, 'a postgres:// or postgresql:// URL', undefined);
  if (DIRECT_DATABASE_URL !== undefined && DATABASE_URL === undefined) problems.push('DIRECT_DATABASE_URL needs DATABASE_URL too: it is the direct way to the same PostgreSQL');
  const MODE = field('MODE', mode, "'test' or 'live'", 'test');
  const LOG_LEVEL = field('LOG_LEVEL', logLevel, `one of ${LOG_LEVELS.join(', ')}`, 'info');
  const APP_SECRET = field('APP_SECRET', appSecret, 'a random string of at least 32 characters (e.g. openssl rand -base64 32)', undefined);
  const SMTP_URL = field('SMTP_URL', smtpUrl, 'an smtp:// or smtps:// URL like smtps://user:pass@mail.example.com:465', undefined);
  const MAIL_FROM = field('MAIL_FROM', mailFrom, "an address like 'Verdant <no-reply@example.com>'", undefined);
  const AUTH_RATE_LIMIT_PER_MINUTE = field('AUTH_RATE_LIMIT_PER_MINUTE', perMinute, 'a whole number of requests of at least 1', '20');
  const RATE_LIMIT_PER_MINUTE = field('RATE_LIMIT_PER_MINUTE', perMinute, 'a whole number of requests of at least 1', '600');
  // The same shape as a figure a minute: a whole number of requests of at least 1.
  const MERCHANT_RATE_LIMIT_PER_SECOND = field('MERCHANT_RATE_LIMIT_PER_SECOND', perMinute, 'a whole number of requests of at least 1', undefined);

  const RATES_SOURCE = field('RATES_SOURCE', ratesSource, "'test' (built-in test feed) or 'kraken' (Kraken's public ticker)", MODE === 'live' ? 'kraken' : 'test');
  const QUOTE_TTL_S = field('QUOTE_TTL_S', seconds, 'a whole number of seconds between 5 and 3600', '30');
  const TEST_NETWORK_BLOCK_MS = field('TEST_NETWORK_BLOCK_MS', milliseconds, 'a whole number of milliseconds (0 = blocks only when mined by hand)', '5000');
  const WITHDRAWAL_SETTLE_MS = field('WITHDRAWAL_SETTLE_MS', milliseconds, 'a whole number of milliseconds', '10000');
  const BTC_RPC_URL = field('BTC_RPC_URL', nodeUrl, "a Bitcoin Core JSON-RPC URL like http://user:pass@127.0.0.1:8332", undefined);
  const LTC_RPC_URL = field('LTC_RPC_URL', nodeUrl, "a Litecoin Core JSON-RPC URL like http://user:pass@127.0.0.1:9332", undefined);
  const BCH_RPC_URL = field('BCH_RPC_URL', nodeUrl, "a Bitcoin Cash Node JSON-RPC URL like http://user:pass@127.0.0.1:8332", undefined);
  const EVM_RPC_URL = field('EVM_RPC_URL', nodeUrl, 'an Ethereum JSON-RPC URL like http://127.0.0.1:8545', undefined);
  const EVM_USDT_CONTRACT = field('EVM_USDT_CONTRACT', evmContract, 'a contract address: 0x and 40 hexadecimal characters', undefined);
  const EVM_USDC_CONTRACT = field('EVM_USDC_CONTRACT', evmContract, 'a contract address: 0x and 40 hexadecimal characters', undefined);
  const CHAIN_POLL_MS = field('CHAIN_POLL_MS', pollMs, 'a whole number of milliseconds of at least 50', undefined);
  const EVM_PAYOUT_KEY = field('EVM_PAYOUT_KEY', privateKey, 'a private key: 0x and 64 hexadecimal characters', undefined);
  const EVM_MAX_FEE_PER_GAS_GWEI = field('EVM_MAX_FEE_PER_GAS_GWEI', gweiPerGas, 'a whole number of gwei per gas of at least 1, like 200', undefined);
  const EVM_REPRICE_AFTER_S = field('EVM_REPRICE_AFTER_S', repriceSeconds, 'a whole number of seconds of at least 15 (one Ethereum block), like 300', undefined);
  if (MODE === 'live' && RATES_SOURCE === 'test') problems.push("RATES_SOURCE=test is for test mode only: live prices must come from a live source such as 'kraken'");

  if (PORT !== undefined && PORT === SHOP_PORT) problems.push(`SHOP_PORT must differ from PORT: both are ${PORT}`);
  if (TEST_BANK_PORT !== undefined && (TEST_BANK_PORT === PORT || TEST_BANK_PORT === SHOP_PORT)) problems.push(`TEST_BANK_PORT must differ from PORT and SHOP_PORT: it is ${TEST_BANK_PORT}`);
  if (MODE === 'live') {
    const chainEnv = { MODE, BTC_RPC_URL, LTC_RPC_URL, BCH_RPC_URL, EVM_RPC_URL, EVM_USDT_CONTRACT, EVM_USDC_CONTRACT, SMTP_URL, MAIL_FROM, RATES_SOURCE };
    problems.push(...liveModeProblems(chainEnv, source));
  }
  if (MODE === 'live' && !source.APP_SECRET) problems.push('MODE=live needs APP_SECRET: a random string of at least 32 characters that keys the one-time codes');
  if (SMTP_URL !== undefined && MAIL_FROM === undefined && !source.MAIL_FROM) problems.push('SMTP_URL needs MAIL_FROM too: the From address of outgoing mail');

  if (problems.length > 0 || PORT === undefined || HOST === undefined || SHOP_PORT === undefined) return { ok: false, problems };
  if (PUBLIC_URL === undefined || DATA_DIR === undefined || MODE === undefined || LOG_LEVEL === undefined) return { ok: false, problems };
  return {
    ok: true,
    value: {
      PORT, HOST, SHOP_PORT, PUBLIC_URL, DATA_DIR, DATABASE_URL, DIRECT_DATABASE_URL, MODE, LOG_LEVEL, APP_SECRET, SMTP_URL, MAIL_FROM, AUTH_RATE_LIMIT_PER_MINUTE,
      RATE_LIMIT_PER_MINUTE, RATES_SOURCE, QUOTE_TTL_S, TEST_NETWORK_BLOCK_MS, WITHDRAWAL_SETTLE_MS, TEST_BANK_PORT,
      BTC_RPC_URL, LTC_RPC_URL, BCH_RPC_URL, EVM_RPC_URL, EVM_USDT_CONTRACT, EVM_USDC_CONTRACT, CHAIN_POLL_MS, EVM_PAYOUT_KEY,
      EVM_MAX_FEE_PER_GAS_GWEI, EVM_REPRICE_AFTER_S,
      MERCHANT_RATE_LIMIT_PER_SECOND,
    },
  };
}

/** A database URL may carry a password; the message must not copy it to a terminal or a log. */
function shown(name: string, value: string): string {
  if (name === 'APP_SECRET' || name === 'EVM_PAYOUT_KEY') return `(${value.length} characters)`;
  const masked = name.endsWith('DATABASE_URL') || name === 'SMTP_URL' || name.endsWith('_RPC_URL') ? value.replace(/\/\/([^:/@\s]+):[^@\s]*@/, '//$1:***@') : value;
  return masked.length > 200 ? `${masked.slice(0, 200)}...` : masked;
}
