import { describe, expect, it } from 'vitest';
import type { CheckoutParams } from '#core/protocol.ts';
import { overlayModeOf } from './overlay-mode.ts';

describe('the checkout draws the overlay as the SDK framed it', () => {
  it.each<[string, CheckoutParams['mode'] | undefined, Pick<CheckoutParams, 'mode'> | null, boolean, boolean]>([
    ['mode=overlay in the URL: from the first paint', 'overlay', null, true, true],
    ['mode=overlay, connected', 'overlay', { mode: 'overlay' }, true, true],
    ['framed without a mode (the SDK default): an overlay from the first paint', undefined, null, true, true],
    ['framed without a mode, connected', undefined, {}, true, true],
    ['not framed (a payment link, a direct visit): the plain page', undefined, null, false, false],
    ['inline in the URL: never, framed or connected', 'inline', { mode: 'inline' }, true, false],
    ['inline said by the SDK once connected: no overlay', undefined, { mode: 'inline' }, true, false],
  ])('%s', (_name, urlMode, connected, framed, overlay) => {
    expect(overlayModeOf(urlMode, connected, framed)).toBe(overlay);
  });
});
