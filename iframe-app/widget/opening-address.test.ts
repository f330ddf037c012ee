import { describe, expect, it } from 'vitest';
import { payScreenAddress } from './opening-address.ts';

const TOKEN = `pay_${'A'.repeat(22)}`;
const SEARCH = `?mode=overlay&merchantId=mch_demo&token=${TOKEN}`;
const shell = (details: Record<string, unknown>, status: Record<string, unknown>) => ({ merchant: {}, details: { transaction_token: TOKEN, ...details }, status: { transaction_token: TOKEN, ...status } });
const PRICED_NEW = shell({ currency_1_iso: 'BTC' }, { status: 'new' });

describe("a pay.js frame's first address", () => {
  it.each([
    ['home with a priced payment waiting for money: the pay screen, the query kept', '/sys-widget/', SEARCH, PRICED_NEW, `/sys-widget/payment${SEARCH}`],
    ['/home too', '/sys-widget/home', SEARCH, PRICED_NEW, `/sys-widget/payment${SEARCH}`],
    ['the hosted spelling of the ids too', '/sys-widget/', `?merchant_id=mch_demo&transaction_id=${TOKEN}`, PRICED_NEW, `/sys-widget/payment?merchant_id=mch_demo&transaction_id=${TOKEN}`],
    ['no coin yet: home, to choose it', '/sys-widget/', SEARCH, shell({ currency_1_iso: null }, { status: 'new' }), null],
    ['money on its way: home, which knows that page', '/sys-widget/', SEARCH, shell({ currency_1_iso: 'BTC' }, { status: 'processing' }), null],
    ['the shell carries another payment: home', '/sys-widget/', SEARCH, { details: { transaction_token: `pay_${'B'.repeat(22)}`, currency_1_iso: 'BTC' }, status: { transaction_token: `pay_${'B'.repeat(22)}`, status: 'new' } }, null],
    ['no payment in the shell: home', '/sys-widget/', SEARCH, undefined, null],
    ['another page of the widget: left alone', '/sys-widget/payment-detected', SEARCH, PRICED_NEW, null],
    ['no ids in the address: home', '/sys-widget/', '?mode=overlay&merchantId=mch_demo', PRICED_NEW, null],
  ])('%s', (_name, pathname, search, payment, address) => {
    expect(payScreenAddress('/sys-widget', pathname, search, payment)).toBe(address);
  });
});
