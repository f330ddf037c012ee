// The buy widget's pages: its own start at '/', then every step page of the guest flow (sys-flow) at
// the same path under /sys-buywidget, drawn inside the widget's card (buy-widget-frame.tsx). The flow's
// pages are the same lazy chunks; they navigate with paths relative to the module, so inside the buy
// widget they stay inside it, in the one document whose bridge to the merchant page the SDK opened.
// A step page the flow gets later appears here by itself (core/modules.ts derives the routes the same way).
import { lazy } from 'react';
import type { AppRoute } from '#ui/app/app-root.tsx';
import type { LazyRoute } from '#ui/routing/lazy-route.ts';

const FLOW_STARTS = new Set(['/', '/buy/widget', '/test']);

/** The flow's page inside the card; the card's code is a lazy chunk too (the start's), not the entry's. */
function inBuyWidget(route: LazyRoute): LazyRoute {
  const Page = route.Component;
  const load = () => Promise.all([import('./buy-widget-frame.tsx'), route.preload()]);
  return {
    Component: lazy(() =>
      load().then(([{ BuyWidgetFrame }]) => ({
        default: () => (
          <BuyWidgetFrame>
            <Page />
          </BuyWidgetFrame>
        ),
      })),
    ),
    preload: () => load().catch(() => undefined),
  };
}

export function buyWidgetPages(start: LazyRoute, flowPages: readonly AppRoute[]): AppRoute[] {
  return [{ path: '/', route: start }, ...flowPages.filter((page) => !FLOW_STARTS.has(page.path)).map((page) => ({ path: page.path, route: inBuyWidget(page.route) }))];
}
