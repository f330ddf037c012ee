import { describe, expect, it } from 'vitest';
import { BACKOFF_MS, MAX_ATTEMPTS, nextAttemptAt, outcomeOf } from './retry-policy.ts';
import { checkWebhookUrl } from './webhook-url.ts';

describe('which webhook URLs are accepted', () => {
  it.each([
    ['https://shop.example.com/hooks', 'live', true],
    ['https://shop.example.com:8443/hooks?x=1', 'live', true],
    ['http://shop.example.com/hooks', 'live', false],
    ['http://shop.example.com/hooks', 'test', false],
    ['http://127.0.0.1:8470/hooks', 'test', true],
    ['http://localhost:4000/webhooks', 'test', true],
    ['http://127.0.0.1:8470/hooks', 'live', false],
    ['https://127.0.0.1/hooks', 'live', false],
    ['https://10.1.2.3/hooks', 'live', false],
    ['https://192.168.0.10/hooks', 'live', false],
    ['https://169.254.169.254/latest/meta-data', 'live', false],
    ['https://[::1]/hooks', 'live', false],
    ['https://localhost/hooks', 'live', false],
    ['https://user:pass@shop.example.com/hooks', 'live', false],
    ['ftp://shop.example.com/hooks', 'test', false],
    ['javascript:alert(1)', 'test', false],
    ['shop.example.com/hooks', 'test', false],
  ] as const)('%s in %s mode: %s', (url, mode, accepted) => {
    const checked = checkWebhookUrl(url, mode);
    expect(checked.ok).toBe(accepted);
    if (!checked.ok) expect(checked.message.length).toBeGreaterThan(10);
  });
});

describe('retry policy', () => {
  it.each([
    [200, 'delivered'], [204, 'delivered'], [299, 'delivered'],
    [500, 'retry'], [502, 'retry'], [503, 'retry'], [408, 'retry'], [429, 'retry'], [null, 'retry'],
    [400, 'failed'], [401, 'failed'], [404, 'failed'], [410, 'failed'], [422, 'failed'],
  ] as const)('an answer %s: %s', (status, kind) => {
    expect(outcomeOf(status).kind).toBe(kind);
  });

  it('backs off 5 s, 30 s, 2 min, 10 min, 1 h, ... and gives up after 10 attempts', () => {
    const now = new Date(0);
    expect(nextAttemptAt(1, now)?.getTime()).toBe(5_000);
    expect(nextAttemptAt(2, now)?.getTime()).toBe(30_000);
    expect(nextAttemptAt(3, now)?.getTime()).toBe(120_000);
    expect(nextAttemptAt(5, now)?.getTime()).toBe(3_600_000);
    expect(MAX_ATTEMPTS).toBe(10);
    expect(nextAttemptAt(MAX_ATTEMPTS - 1, now)).not.toBeNull();
    expect(nextAttemptAt(MAX_ATTEMPTS, now)).toBeNull();
    expect([...BACKOFF_MS].every((wait, i) => i === 0 || wait > BACKOFF_MS[i - 1]!)).toBe(true);
  });
});
