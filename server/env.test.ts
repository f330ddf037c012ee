import { describe, it, expect } from 'vitest';
import { readEnv } from './env.ts';
import { LIVE_ADAPTERS } from './live-adapters.ts';

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
    { source: { HOST: 'not a host' }, problem: "HOST must be a host name or IP address to listen on, like localhost, 0.0.0.0 or 127.0.0.1, got 'not a host'" },
    { source: { PUBLIC_URL: 'localhost:8080' }, problem: "PUBLIC_URL must be an http:// or https:// origin like https://pay.example.com (no query or fragment), got 'localhost:8080'" },
    { source: { PUBLIC_URL: 'https://pay.example.com/?x=1' }, problem: "PUBLIC_URL must be an http:// or https:// origin like https://pay.example.com (no query or fragment), got 'https://pay.example.com/?x=1'" },
    { source: { DATABASE_URL: 'mysql://db/test' }, problem: "DATABASE_URL must be a postgres:// or postgresql:// URL, got 'mysql://db/test'" },
    { source: { MODE: 'production' }, problem: "MODE must be 'test' or 'live', got 'production'" },
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

  it('MODE=live refuses to start and names every adapter that is not configured', () => {
    const result = readEnv({ MODE: 'live', PUBLIC_URL: 'https://pay.example.com' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // One line per adapter, plus APP_SECRET.
    expect(result.problems).toHaveLength(LIVE_ADAPTERS.length + 1);
    expect(result.problems.some((p) => p.startsWith('MODE=live needs APP_SECRET'))).toBe(true);
    for (const adapter of LIVE_ADAPTERS) {
      const line = result.problems.find((p) => p.includes(adapter.name));
      expect(line, adapter.name).toBeDefined();
      for (const name of adapter.env) expect(line).toContain(name);
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
