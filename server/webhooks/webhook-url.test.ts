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
    // What an attacker tries: names and address spellings that lead inside
    ['https://localhost./hook', 'live', false],
    ['https://localhost./hook', 'test', false],
    ['https://LOCALHOST/hook', 'live', false],
    ['https://api.localhost/hook', 'live', false],
    ['https://127.0.0.1.nip.io/', 'live', false],
    ['https://10.0.0.1.sslip.io/hook', 'live', false],
    ['https://hooks.127.0.0.1.example.org/', 'live', false],
    ['https://metadata.google.internal/', 'live', false],
    ['https://metadata.google.internal./', 'live', false],
    ['https://printer.local/hook', 'live', false],
    ['https://router.home.arpa/hook', 'live', false],
    ['https://1.0.0.127.in-addr.arpa/hook', 'live', false],
    ['https://shop.test/hook', 'live', false],
    ['https://intranet/hook', 'live', false],
    ['https://shop.example.com./hooks', 'live', false],
    ['https://[::a9fe:a9fe]/', 'live', false],
    ['https://[::ffff:169.254.169.254]/', 'live', false],
    ['https://[::ffff:7f00:1]/', 'test', false],
    ['https://[64:ff9b::a9fe:a9fe]/', 'live', false],
    ['https://[64:ff9b:1::a00:1]/', 'live', false],
    ['https://[fe80::1]/', 'live', false],
    ['https://[fd00::1]/', 'live', false],
    ['https://[::]/', 'live', false],
    ['https://198.18.0.1/', 'live', false],
    ['https://224.0.0.1/', 'live', false],
    ['https://255.255.255.255/', 'live', false],
    ['https://0.0.0.0/', 'live', false],
    ['https://0.0.0.0/', 'test', false],
    ['https://100.64.0.1/', 'live', false],
    ['https://192.0.0.170/', 'live', false],
    ['https://203.0.113.7/', 'live', false],
    ['https://10.0.0.1/hook', 'test', false],
    // Decimal, octal and hex spellings of an address are refused even when they name a public one
    ['https://2130706433/', 'live', false],
    ['https://0x7f.1/', 'live', false],
    ['https://0177.0.0.1/', 'live', false],
    ['https://134744072/', 'live', false],
    ['https://0x08080808/', 'live', false],
    ['https://8.8.010.8/', 'live', false],
    // Public addresses and names stay allowed; test mode keeps loopback receivers
    ['https://8.8.8.8/hooks', 'live', true],
    ['https://[2606:4700:4700::1111]/hooks', 'live', true],
    ['https://hooks.stripe-like.io/x', 'live', true],
    ['https://xn--bcher-kva.example.com/hooks', 'live', true],
    ['https://127.0.0.1:8443/hooks', 'test', true],
    ['http://[::1]:8470/hooks', 'test', true],
    ['https://localhost/hooks', 'test', true],
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
