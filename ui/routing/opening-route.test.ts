import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { lazyRoute } from './lazy-route.ts';
import { pathBelow, preloadOpeningRoute } from './opening-route.ts';

describe('the path the router sees below its base', () => {
  it.each([
    ['/sys-widget', '/sys-widget/payment', '/payment'],
    ['/sys-widget', '/sys-widget/', '/'],
    ['/sys-widget', '/sys-widget', '/'],
    ['/sys-wallets', '/sys-wallets/wallets/btc', '/wallets/btc'],
    ['/sys-widget', '/sys-widgetx/payment', '/sys-widgetx/payment'],
    ['', '/payment', '/payment'],
  ])('under %s, %s is %s', (base, pathname, path) => {
    expect(pathBelow(base, pathname)).toBe(path);
  });
});

describe('the route a page load opens on is loaded before the first render', () => {
  const route = () => ({ preload: vi.fn(async () => undefined), Component: () => null });

  it("loads only the matching route's chunk, patterns with parameters included", async () => {
    const home = route();
    const coin = route();
    await preloadOpeningRoute([{ path: '/', route: home }, { path: '/wallets/:coin', route: coin }], '/sys-wallets', '/sys-wallets/wallets/btc');
    expect(coin.preload).toHaveBeenCalledTimes(1);
    expect(home.preload).not.toHaveBeenCalled();
  });

  it('settles at once when no route matches (the 404 page needs no chunk)', async () => {
    const home = route();
    await expect(preloadOpeningRoute([{ path: '/', route: home }], '/sys-widget', '/sys-widget/nowhere')).resolves.toBeUndefined();
    expect(home.preload).not.toHaveBeenCalled();
  });

  it('once its chunk has loaded, a route renders its page directly, with the router props, instead of suspending first', async () => {
    const Page = () => null;
    const lazy = lazyRoute(async () => ({ default: Page }));
    const render = lazy.Component as (props: { params: Record<string, string> }) => ReactElement;
    const before = render({ params: { coin: 'btc' } });
    expect(before.type).not.toBe(Page);
    await lazy.preload();
    const after = render({ params: { coin: 'btc' } });
    expect(after.type).toBe(Page);
    expect(after.props).toEqual({ params: { coin: 'btc' } });
  });
});
