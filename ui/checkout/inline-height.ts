// Inline mode: the merchant's frame should be exactly as tall as the checkout, so the buyer never meets a
// scrollbar inside a scrollbar. The checkout reports its height; the SDK sets it through CSSOM.

import type { Bridge } from './bridge.ts';

/** Reports `element`'s height now and whenever it changes; returns the function that stops it. */
export function reportHeight(bridge: Bridge, element: Element): () => void {
  let last = -1;
  const report = () => {
    const height = Math.min(20_000, Math.ceil(element.getBoundingClientRect().height));
    if (height !== last) bridge.send('resize', { height: (last = height) });
  };
  const observer = new ResizeObserver(report);
  observer.observe(element);
  report();
  return () => observer.disconnect();
}
