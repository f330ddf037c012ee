import { describe, expect, it } from 'vitest';
import { cardPaymentsOn, describeCapabilities } from './capabilities.ts';

describe('the start banner says what this process can do', () => {
  it('test mode: the test network, the dev outbox, the test acquirer and the test bank, each labelled', () => {
    const lines = describeCapabilities({ MODE: 'test', RATES_SOURCE: 'test' }, {});
    expect(lines).toHaveLength(11);
    expect(lines[4]).toBe('payouts  on, built-in test network');
    expect(lines[0]).toBe('chain    BTC: on, built-in test network (test coins, no real value)');
    expect(lines.find((l) => l.startsWith('cards'))).toContain('TEST ACQUIRER');
    expect(lines.find((l) => l.startsWith('banks'))).toContain('TEST BANK');
    expect(lines.find((l) => l.startsWith('mail'))).toContain('dev outbox');
  });

  it('live mode: chains without a node, SMS, cards and banks are off and say why; mail names its host, never its password', () => {
    const source = { KYC_PROVIDER: 'acme', KYC_API_URL: 'https://kyc.example.com', KYC_API_KEY: 'k', KYC_WEBHOOK_SECRET: 's' };
    const lines = describeCapabilities({ MODE: 'live', RATES_SOURCE: 'kraken', SMTP_URL: 'smtps://mailer:pa55@mail.example.com:465', LTC_RPC_URL: 'http://u:pw@10.0.0.2:9332', EVM_RPC_URL: 'https://eth.example.com' }, source);
    expect(lines).toEqual([
      'chain    BTC: off (no node: set BTC_RPC_URL)',
      'chain    LTC: on, main node http://u:***@10.0.0.2:9332',
      'chain    BCH: off (no node: set BCH_RPC_URL)',
      'chain    ETH, USDT, USDC: on, main node https://eth.example.com',
      "payouts  LTC from the node's wallet; ETH, USDT, USDC off (set EVM_PAYOUT_KEY to send; receiving works without it)",
      'mail     on, SMTP via mail.example.com:465',
      'SMS      off (no SMS gateway in this build): mobile numbers cannot be verified by code; sign-in codes go by e-mail',
      'cards    off (no card processor in this build): card deposits and card checkouts are not offered',
      'identity on, provider acme',
      'banks    off (no bank in this build): online banking, wire instructions and IBAN payouts are not offered',
      "prices   on, Kraken's public ticker",
    ]);
    expect(lines.join('\n')).not.toMatch(/pa55|:pw@/);
  });

  it('the test acquirer never takes live money', () => {
    expect(cardPaymentsOn('test')).toBe(true);
    expect(cardPaymentsOn('live')).toBe(false);
  });
});
