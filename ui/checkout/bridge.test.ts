import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectToMerchant, requestClose } from './bridge.ts';
import type { BridgePort, InboundMessage, ParentTransport } from './transport.ts';

const CH = '11-22-33-44';
const SHOP = 'http://127.0.0.1:4000';

class FakePort implements BridgePort {
  sent: unknown[] = [];
  closed = false;
  postMessage(message: unknown) {
    this.sent.push(message);
  }
  close() {
    this.closed = true;
  }
  types() {
    return this.sent.map((message) => (message as { type: string }).type);
  }
}

function fakeTransport(framed = true) {
  const parent = { name: 'merchant page' };
  let handler: ((message: InboundMessage) => void) | undefined;
  let hide: (() => void) | undefined;
  const transport: ParentTransport = {
    framed,
    parent,
    listen(h) {
      handler = h;
      return () => (handler = undefined);
    },
    onHide(h) {
      hide = h;
      return () => (hide = undefined);
    },
  };
  return {
    transport,
    parent,
    deliver: (message: Partial<InboundMessage>) =>
      handler?.({ source: parent, origin: SHOP, data: undefined, ports: [], ...message }),
    listening: () => handler !== undefined,
    hide: () => hide?.(),
  };
}

const init = (data: object = { mode: 'overlay', merchantId: 'mch_demo_verdant', amount: '25.00', currency: 'EUR' }, v = 1) => ({
  v,
  ch: CH,
  type: 'init',
  data,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('connecting to the merchant page', () => {
  it('a page that is not framed works standalone at once', async () => {
    const { transport } = fakeTransport(false);
    await expect(connectToMerchant({ expectedVersion: 1, transport })).resolves.toBeNull();
  });

  it('a valid init from the parent connects, records the browser-given origin and answers ready over the port', async () => {
    const fake = fakeTransport();
    const port = new FakePort();
    const pending = connectToMerchant({ expectedVersion: 1, transport: fake.transport });
    fake.deliver({ data: init(), ports: [port] });
    const bridge = await pending;
    expect(bridge?.merchantOrigin).toBe(SHOP);
    expect(bridge?.params).toEqual({ mode: 'overlay', merchantId: 'mch_demo_verdant', amount: '25.00', currency: 'EUR' });
    expect(bridge?.problem).toBeNull();
    expect(port.sent).toEqual([{ v: 1, ch: CH, type: 'ready', data: {} }]);
    expect(fake.listening()).toBe(false);
  });

  it.each([
    ['a message from another window', { source: { name: 'another frame' }, data: init() }],
    ['an init without a port', { data: init(), ports: [] }],
    ['an init of another version', { data: init(undefined, 2) }],
    ['something that is not an init', { data: { v: 1, ch: CH, type: 'ready', data: {} } }],
    ['a bare string', { data: 'init' }],
  ])('%s is ignored, and with nothing else the checkout goes standalone after the timeout', async (_, message) => {
    const fake = fakeTransport();
    const port = new FakePort();
    const pending = connectToMerchant({ expectedVersion: 1, transport: fake.transport, timeoutMs: 5_000 });
    fake.deliver({ ports: [port], ...message });
    expect(fake.listening()).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(pending).resolves.toBeNull();
    expect(port.sent).toEqual([]);
    expect(fake.listening()).toBe(false);
  });

  it('malformed options still connect, and the merchant hears which option is wrong', async () => {
    const fake = fakeTransport();
    const port = new FakePort();
    const pending = connectToMerchant({ expectedVersion: 1, transport: fake.transport });
    fake.deliver({ data: init({ merchantId: 'mch_demo_verdant', amount: 25 }), ports: [port] });
    const bridge = await pending;
    expect(bridge?.problem).toBe('amount must be a decimal string like "25.00" (never a number), got 25');
    expect(port.sent[1]).toEqual({ v: 1, ch: CH, type: 'error', data: { code: 'invalid_options', message: bridge?.problem } });
  });
});

describe('sending events', () => {
  async function connected() {
    const fake = fakeTransport();
    const port = new FakePort();
    const pending = connectToMerchant({ expectedVersion: 1, transport: fake.transport });
    fake.deliver({ data: init(), ports: [port] });
    const bridge = (await pending)!;
    return { fake, port, bridge };
  }

  it('a well-formed event goes over the port on the channel', async () => {
    const { port, bridge } = await connected();
    bridge.send('payment-detected', { transaction_id: 'tx_1', amount: '0.00041000', currency: 'BTC' });
    expect(port.sent[1]).toEqual({ v: 1, ch: CH, type: 'payment-detected', data: { transaction_id: 'tx_1', amount: '0.00041000', currency: 'BTC' } });
  });

  it('a malformed event is a checkout bug: it throws and nothing is sent', async () => {
    const { port, bridge } = await connected();
    // @ts-expect-error an amount must be a decimal string
    expect(() => bridge.send('payment-detected', { transaction_id: 'tx_1', amount: 0.1, currency: 'BTC' })).toThrow(/Checkout bug/);
    expect(port.types()).toEqual(['ready']);
  });

  it('requestClose sends close, runs the close handlers once, and nothing is sent after it', async () => {
    const { port, bridge } = await connected();
    const onClose = vi.fn();
    bridge.onClose(onClose);
    expect(requestClose(bridge)).toBe(true);
    bridge.send('resize', { height: 10 });
    expect(port.types()).toEqual(['ready', 'close']);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('the merchant removing the frame runs the close handlers', async () => {
    const { fake, bridge } = await connected();
    const onClose = vi.fn();
    bridge.onClose(onClose);
    fake.hide();
    fake.hide();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('standalone, requestClose leaves the decision to the caller', () => {
    expect(requestClose(null)).toBe(false);
  });
});
