import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { RedeliverWebhookSchema, UpdateWebhookSchema, WEBHOOK_EVENT_TYPES } from './webhooks.ts';

describe('webhook contract schemas', () => {
  it.each([
    [{ webhook_url: 'https://shop.example.com/hooks' }, true],
    [{ webhook_url: '  https://shop.example.com/hooks  ' }, true],
    [{ webhook_url: null }, true],
    [{ webhook_url: 'https://shop.example.com/hooks', rotate_secret: true }, true],
    [{ webhook_url: 42 }, false],
    [{ webhook_url: 'https://shop.example.com/hooks', rotate_secret: 'yes' }, false],
    [{ webhook_url: 'https://shop.example.com/hooks', secret: 'whsec_x' }, false],
    [{ webhook_url: `https://shop.example.com/${'a'.repeat(2000)}` }, false],
    [{}, false],
  ])('updateWebhook %j: valid %s', (input, valid) => {
    expect(v.safeParse(UpdateWebhookSchema, input).success).toBe(valid);
  });

  it('trims the URL', () => {
    expect(v.parse(UpdateWebhookSchema, { webhook_url: ' https://a.example/h ' }).webhook_url).toBe('https://a.example/h');
  });

  it.each([
    [{ event_id: 'msg_2KWPBgLlAfxdpx2AI54pPJ' }, true],
    [{ event_id: 'txn_2KWPBgLlAfxdpx2AI54pPJ' }, false],
    [{ event_id: 'msg_' }, false],
    [{}, false],
  ])('redeliver %j: valid %s', (input, valid) => {
    expect(v.safeParse(RedeliverWebhookSchema, input).success).toBe(valid);
  });

  it('names the nine payment events and the test event a merchant sends to try the endpoint', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual([
      'payment.created',
      'payment.detected',
      'payment.settled',
      'payment.expired',
      'payment.invalid',
      'payment.paid_late',
      'payment.accepted',
      'payment.refunded',
      'payment.dropped',
      'test',
    ]);
  });
});
