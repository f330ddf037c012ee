import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, maskQuery, requestIdFor } from './logging.ts';

describe('maskQuery', () => {
  it.each([
    { url: '/v1/config', logged: '/v1/config' },
    { url: '/v1/config?module=sys-wallets', logged: '/v1/config?module=sys-wallets' },
    { url: '/v1/x?token=abc&page=2', logged: '/v1/x?token=[redacted]&page=2' },
    { url: '/v1/x?reset_code=123456', logged: '/v1/x?reset_code=[redacted]' },
    { url: '/sys-wallets/change-password?reset=abcDEF_123', logged: '/sys-wallets/change-password?reset=[redacted]' },
    { url: '/sys-wallets/login/token?token=abcDEF_123&lang=es', logged: '/sys-wallets/login/token?token=[redacted]&lang=es' },
    { url: '/v1/x?session%5Fkey=s', logged: '/v1/x?session%5Fkey=[redacted]' },
    { url: '/sys-widget/payment?mode=overlay&merchantId=mch_demo&token=pay_AAAAAAAAAAAAAAAAAAAAAA', logged: '/sys-widget/payment?mode=overlay&merchantId=mch_demo&token=[redacted]' },
    { url: '/sys-widget/home?merchant_id=mch_demo&transaction_id=pay_AAAAAAAAAAAAAAAAAAAAAA', logged: '/sys-widget/home?merchant_id=mch_demo&transaction_id=[redacted]' },
    { url: '/v1/x?password', logged: '/v1/x?password' },
    { url: '/v1/x?api_key=k&x=%E0%A4%A', logged: '/v1/x?api_key=[redacted]&x=%E0%A4%A' },
  ])('$url is logged as $logged', ({ url, logged }) => {
    expect(maskQuery(url)).toBe(logged);
  });
});

describe('requestIdFor', () => {
  const request = (id?: string | string[]) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as unknown as IncomingMessage;

  it('makes a fresh random id when none is sent', () => {
    const a = requestIdFor(request());
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requestIdFor(request())).not.toBe(a);
  });

  it.each([
    { sent: 'lb-7f3a:9', kept: true },
    { sent: 'has space', kept: false },
    { sent: '<script>', kept: false },
    { sent: 'x'.repeat(129), kept: false },
    { sent: ['a', 'b'], kept: false },
  ])('an incoming id $sent is kept: $kept', ({ sent, kept }) => {
    const id = requestIdFor(request(sent));
    expect(id === sent).toBe(kept);
  });
});

describe('identity documents never reach a log line', () => {
  it.each([
    { logged: { documentNumber: 'X1234567' } },
    { logged: { document_number: 'X1234567' } },
    { logged: { body: { documentNumber: 'X1234567' } } },
    { logged: { document: { document_number: 'X1234567' } } },
    { logged: { document: { bytes: 'X1234567' } } },
    { logged: { row: { ciphertext: 'X1234567' } } },
  ])('$logged is written redacted', async ({ logged }) => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', { write: (line: string) => lines.push(line) }) });
    app.log.info(logged, 'document stored');
    await app.close();
    expect(lines.join('')).toContain('document stored');
    expect(lines.join('')).not.toContain('X1234567');
  });
});
