import { describe, it, expect } from 'vitest';
import { readEnv } from './env.ts';

describe('readEnv', () => {
  it('an empty environment starts on the embedded defaults, listening on loopback only', () => {
    expect(readEnv({})).toEqual({
      ok: true,
      value: {
        PORT: 8080,
        HOST: 'localhost',
        SHOP_PORT: 4000,
        PUBLIC_URL: 'http://localhost:8080',
        DATA_DIR: './data',
        DATABASE_URL: undefined,
        MODE: 'test',
        LOG_LEVEL: 'info',
        AUTH_RATE_LIMIT_PER_MINUTE: 20,
        RATE_LIMIT_PER_MINUTE: 600,
        RATES_SOURCE: 'test',
        QUOTE_TTL_S: 30,
        TEST_NETWORK_BLOCK_MS: 5000,
        WITHDRAWAL_SETTLE_MS: 10000,
        TEST_BANK_PORT: 4100,
      },
    });
  });

  it.each([
    { name: 'PUBLIC_URL follows PORT when unset', source: { PORT: '8182' }, key: 'PUBLIC_URL', want: 'http://localhost:8182' },
    { name: 'an empty variable counts as unset', source: { DATABASE_URL: '', PORT: '' }, key: 'DATABASE_URL', want: undefined },
    { name: 'a trailing slash is dropped from PUBLIC_URL', source: { PUBLIC_URL: 'https://pay.example.com/' }, key: 'PUBLIC_URL', want: 'https://pay.example.com' },
    { name: 'memory:// selects an in-memory database', source: { DATA_DIR: 'memory://' }, key: 'DATA_DIR', want: 'memory://' },
    { name: 'a PostgreSQL URL is accepted', source: { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }, key: 'DATABASE_URL', want: 'postgres://postgres@127.0.0.1:5432/test' },
    { name: 'an IPv6 listen address is accepted', source: { HOST: '::' }, key: 'HOST', want: '::' },
    { name: 'the auth rate limit can be raised', source: { AUTH_RATE_LIMIT_PER_MINUTE: '600' }, key: 'AUTH_RATE_LIMIT_PER_MINUTE', want: 600 },
    { name: "the merchant API's default limit per key is unset (100 a second) unless given", source: {}, key: 'MERCHANT_RATE_LIMIT_PER_SECOND', want: undefined },
    { name: "the merchant API's default limit per key can be raised", source: { MERCHANT_RATE_LIMIT_PER_SECOND: '250' }, key: 'MERCHANT_RATE_LIMIT_PER_SECOND', want: 250 },
    { name: "the EVM payouts' fee cap is read in gwei", source: { EVM_MAX_FEE_PER_GAS_GWEI: '350' }, key: 'EVM_MAX_FEE_PER_GAS_GWEI', want: 350 },
    { name: 'the EVM re-pricing wait is read in seconds', source: { EVM_REPRICE_AFTER_S: '600' }, key: 'EVM_REPRICE_AFTER_S', want: 600 },
  ])('$name', ({ source, key, want }) => {
    const result = readEnv(source);
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(result.value[key as keyof typeof result.value]).toBe(want);
  });

  it.each([
    { source: { PORT: 'abc' }, problem: "PORT must be a whole number between 1 and 65535, got 'abc'" },
    { source: { PORT: '0' }, problem: "PORT must be a whole number between 1 and 65535, got '0'" },
    { source: { PORT: '70000' }, problem: "PORT must be a whole number between 1 and 65535, got '70000'" },
    { source: { PORT: '80.5' }, problem: "PORT must be a whole number between 1 and 65535, got '80.5'" },
    { source: { SHOP_PORT: '-1' }, problem: "SHOP_PORT must be a whole number between 1 and 65535, got '-1'" },
    { source: { SHOP_PORT: '8080' }, problem: 'SHOP_PORT must differ from PORT: both are 8080' },
    { source: { TEST_BANK_PORT: '4000' }, problem: 'TEST_BANK_PORT must differ from PORT and SHOP_PORT: it is 4000' },
    { source: { AUTH_RATE_LIMIT_PER_MINUTE: '0' }, problem: "AUTH_RATE_LIMIT_PER_MINUTE must be a whole number of requests of at least 1, got '0'" },
    { source: { MERCHANT_RATE_LIMIT_PER_SECOND: '1.5' }, problem: "MERCHANT_RATE_LIMIT_PER_SECOND must be a whole number of requests of at least 1, got '1.5'" },
    { source: { HOST: 'not a host' }, problem: "HOST must be a host name or IP address to listen on, like localhost, 0.0.0.0 or 127.0.0.1, got 'not a host'" },
    { source: { PUBLIC_URL: 'localhost:8080' }, problem: "PUBLIC_URL must be an http:// or https:// origin like https://pay.example.com (no query or fragment), got 'localhost:8080'" },
    { source: { PUBLIC_URL: 'https://pay.example.com/?x=1' }, problem: "PUBLIC_URL must be an http:// or https:// origin like https://pay.example.com (no query or fragment), got 'https://pay.example.com/?x=1'" },
    { source: { DATABASE_URL: 'mysql://db/test' }, problem: "DATABASE_URL must be a postgres:// or postgresql:// URL, got 'mysql://db/test'" },
    { source: { MODE: 'production' }, problem: "MODE must be 'test' or 'live', got 'production'" },
    { source: { EVM_MAX_FEE_PER_GAS_GWEI: '0.5' }, problem: "EVM_MAX_FEE_PER_GAS_GWEI must be a whole number of gwei per gas of at least 1, like 200, got '0.5'" },
    { source: { EVM_REPRICE_AFTER_S: '5' }, problem: "EVM_REPRICE_AFTER_S must be a whole number of seconds of at least 15 (one Ethereum block), like 300, got '5'" },
    { source: { LOG_LEVEL: 'verbose' }, problem: "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'verbose'" },
  ])('$source gives one clear message', ({ source, problem }) => {
    expect(readEnv(source)).toEqual({ ok: false, problems: [problem] });
  });

  it('reports every bad variable at once, one message each', () => {
    const result = readEnv({ PORT: 'x', MODE: 'prod', LOG_LEVEL: 'loud' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.split(' ')[0])).toEqual(['PORT', 'MODE', 'LOG_LEVEL']);
  });

  it('never repeats a database password in a message', () => {
    const result = readEnv({ DATABASE_URL: 'postgres://app:s3cret-pw@db host/x' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems.join('\n')).not.toContain('s3cret-pw');
      expect(result.problems[0]).toContain('postgres://app:***@db host/x');
    }
  });

  it.each<[string, Record<string, string>, string[]]>([
    ['MODE=live with nothing configured names what cannot work: the code key and mail', { MODE: 'live', PUBLIC_URL: 'https://pay.example.com' }, ['MODE=live needs mail', 'MODE=live needs APP_SECRET']],
    ['a chain node without its account xpub', { MODE: 'live', PUBLIC_URL: 'https://pay.example.com', APP_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@b.test', LTC_RPC_URL: 'http://u:pw@127.0.0.1:9332' }, ['needs its account xpub to derive receiving addresses: set LTC_XPUB']],
    ['a half-configured KYC provider', { MODE: 'live', PUBLIC_URL: 'https://pay.example.com', APP_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@b.test', KYC_PROVIDER: 'acme' }, ['The KYC provider is half configured: set KYC_API_URL, KYC_API_KEY, KYC_WEBHOOK_SECRET too']],
  ])('%s', (_name, source, expected) => {
    const result = readEnv(source);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(expected.length);
    for (const [i, start] of expected.entries()) expect(result.problems[i]).toContain(start);
  });

  it('MODE=live starts with what is configured: mail, a code key and one chain node with its xpub', () => {
    const source = { MODE: 'live', PUBLIC_URL: 'https://pay.example.com', APP_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@b.test', LTC_RPC_URL: 'http://u:pw@127.0.0.1:9332', LTC_XPUB: 'xpub-is-checked-when-an-address-is-derived' };
    const result = readEnv(source);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toMatchObject({ MODE: 'live', LTC_RPC_URL: 'http://u:pw@127.0.0.1:9332', RATES_SOURCE: 'kraken' });
  });

  it('a malformed node URL is named without echoing its password', () => {
    const result = readEnv({ LTC_RPC_URL: 'ftp://u:hunter2@node' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems).toEqual(["LTC_RPC_URL must be a Litecoin Core JSON-RPC URL like http://user:pass@127.0.0.1:9332, got 'ftp://u:***@node'"]);
    }
  });

  it.each([
    { name: 'a short APP_SECRET is refused without echoing it', source: { APP_SECRET: 'short-secret' }, problem: 'APP_SECRET must be a random string of at least 32 characters (e.g. openssl rand -base64 32), got \'(12 characters)\'' },
    { name: 'SMTP_URL must be an smtp URL', source: { SMTP_URL: 'http://mail', MAIL_FROM: 'a@b.test' }, problem: "SMTP_URL must be an smtp:// or smtps:// URL like smtps://user:pass@mail.example.com:465, got 'http://mail'" },
    { name: 'SMTP_URL needs MAIL_FROM', source: { SMTP_URL: 'smtp://127.0.0.1:2525' }, problem: 'SMTP_URL needs MAIL_FROM too: the From address of outgoing mail' },
  ])('$name', ({ source, problem }) => {
    const result = readEnv(source);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual([problem]);
  });

  it('mail settings and APP_SECRET are read when given', () => {
    const secret = 'a'.repeat(40);
    const result = readEnv({ APP_SECRET: secret, SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Verdant <no-reply@example.com>' });
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(result.value).toMatchObject({ APP_SECRET: secret, SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Verdant <no-reply@example.com>' });
  });
});
