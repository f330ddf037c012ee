import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';

// The bridge the entry opened, and the API client: fakes, so the sending rules are tested without a DOM.
const sent: [string, unknown][] = [];
const bridge = { send: (type: string, data: unknown) => void sent.push([type, data]) };
const call = vi.fn();
vi.mock('../merchant-bridge.ts', () => ({ merchantBridge: Promise.resolve(bridge) }));
vi.mock('../widget/widget-api.ts', () => ({ api: () => ({ call }) }));
vi.mock('../widget/with-retries.ts', () => ({ RECEIPT_RETRY_DELAYS_MS: [], withRetries: (run: () => unknown) => run() }));

const { useBootStore } = await import('#ui/boot/boot-store.ts');
const { announceOrder } = await import('./announce-order.ts');

const RECEIPT = { order_id: 'chk_A', amount: '30.00', currency: 'EUR', coin: 'BTC', coin_amount: '0.00053800', status: 'successful', timestamp: 1_795_509_345, signature: 'v1,abc=' };
const order = (id: string, status: CheckoutAnswer['status'], merchant: string | null = 'mch_demo_verdant') =>
  ({ _id: id, status, merchant_id: merchant, fiatCurrency: { currency: 'EUR', amount: '30.00' }, cryptoCurrency: { currency: 'BTC', amount: '0.00053800' } }) as CheckoutAnswer;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the buy widget tells the merchant page about its order', () => {
  beforeEach(() => {
    sent.length = 0;
    call.mockReset();
    useBootStore.setState({ boot: { ...useBootStore.getState().boot, module: 'sys-buywidget' } });
  });

  it('each event once per order, however often the checkout is read, and the receipt with order-completed', async () => {
    call.mockResolvedValue({ ok: true, status: 200, data: { receipt: RECEIPT } });
    for (const status of ['created', 'created', 'pending', 'successful', 'successful'] as const) {
      announceOrder(order('chk_A', status));
      await settle();
    }
    expect(sent.map(([type]) => type)).toEqual(['order-created', 'payment-authorized', 'order-completed']);
    expect(sent[2]).toEqual(['order-completed', { order_id: 'chk_A', receipt: RECEIPT }]);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('an order opened without a merchant completes without a receipt, and asks for none', async () => {
    announceOrder(order('chk_B', 'successful', null));
    await settle();
    expect(sent.at(-1)).toEqual(['order-completed', { order_id: 'chk_B' }]);
    expect(call).not.toHaveBeenCalled();
  });

  it('a receipt that cannot be fetched is an error, never a completion without it', async () => {
    call.mockResolvedValue({ ok: false, status: 503, error: { code: 'network_error', message: 'down' } });
    announceOrder(order('chk_C', 'successful'));
    await settle();
    expect(sent.map(([type]) => type)).toEqual(['order-created', 'payment-authorized', 'error']);
    expect(sent[2]![1]).toMatchObject({ code: 'status_unavailable' });
  });

  it('a failed order: order-failed with the reason', async () => {
    announceOrder(order('chk_D', 'expired'));
    await settle();
    expect(sent).toEqual([
      ['order-created', { order_id: 'chk_D', amount: '30.00', currency: 'EUR', coin: 'BTC' }],
      ['order-failed', { order_id: 'chk_D', reason: 'expired' }],
    ]);
  });

  it('outside the buy widget (sys-flow on the provider\'s own site) nothing is sent', async () => {
    useBootStore.setState({ boot: { ...useBootStore.getState().boot, module: 'sys-flow' } });
    announceOrder(order('chk_E', 'successful'));
    await settle();
    expect(sent).toEqual([]);
  });
});
