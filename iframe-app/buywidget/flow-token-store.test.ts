import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutCreate, checkoutReceipt } from '#core/contract/buy-widget.ts';
import { getCheckout, getCheckoutCookie, checkoutInit } from '#core/contract/checkout.ts';
import { transactionDetails } from '#core/contract/merchant-payments.ts';
import { flowAuthorization, keepFlowToken } from './flow-token-store.ts';

const TOKEN = 'flw_Tq4Hn7Wc2Lx9Rb5Vm1Kd8Pf3Zs6Jg0Ya4Ue7Oi2NwXr';

describe('the buy widget\'s flow token as a bearer', () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) });
  });

  it('goes with every flow call of the buy widget once it is kept', async () => {
    vi.resetModules();
    const { flowAuthorization, keepFlowToken } = await import('./flow-token-store.ts');
    expect(flowAuthorization(getCheckout, 'sys-buywidget')).toBeUndefined();
    keepFlowToken(TOKEN);
    for (const endpoint of [getCheckout, getCheckoutCookie, checkoutReceipt]) expect(flowAuthorization(endpoint, 'sys-buywidget')).toBe(`Bearer ${TOKEN}`);
  });

  it.each([
    ['a public call (the order itself)', checkoutCreate, 'sys-buywidget'],
    ['the merchant API', transactionDetails, 'sys-buywidget'],
    ['a flow call on the provider\'s own site, which keeps its cookie', getCheckout, 'sys-flow'],
    ['checkout/init of sys-flow', checkoutInit, 'sys-flow'],
  ] as const)('never goes with %s', (_, endpoint, module) => {
    keepFlowToken(TOKEN);
    expect(flowAuthorization(endpoint, module)).toBeUndefined();
  });

  it('storage refused (a third-party frame in a browser that blocks it): memory keeps the token for this document', async () => {
    vi.resetModules();
    const store = await import('./flow-token-store.ts');
    vi.stubGlobal('sessionStorage', { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } });
    expect(store.flowAuthorization(getCheckout, 'sys-buywidget')).toBeUndefined();
    expect(() => store.keepFlowToken(TOKEN)).not.toThrow();
    expect(store.flowAuthorization(getCheckout, 'sys-buywidget')).toBe(`Bearer ${TOKEN}`);
  });

  it('a reload of the frame (a new document, memory empty) finds the token in sessionStorage where it is allowed', async () => {
    keepFlowToken(TOKEN);
    vi.resetModules();
    const fresh = await import('./flow-token-store.ts');
    expect(fresh.flowAuthorization(getCheckout, 'sys-buywidget')).toBe(`Bearer ${TOKEN}`);
  });
});
