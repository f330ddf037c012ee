import { describe, expect, it } from 'vitest';
import type { CheckoutParams } from '#core/protocol.ts';
import { overlayModeOf } from './overlay-mode.ts';

describe('the checkout draws the overlay as the SDK framed it', () => {
  it.each<[string, CheckoutParams['mode'] | undefined, Pick<CheckoutParams, 'mode'> | null, boolean]>([
    ['mode=overlay in the URL: from the first paint', 'overlay', null, true],
    ['mode=overlay, connected', 'overlay', { mode: 'overlay' }, true],
    ['no mode from the merchant: overlay (the SDK default) once connected', undefined, {}, true],
    ['no mode and not connected yet (or a payment link): the plain page', undefined, null, false],
    ['inline: never', 'inline', { mode: 'inline' }, false],
  ])('%s', (_name, urlMode, connected, overlay) => {
    expect(overlayModeOf(urlMode, connected)).toBe(overlay);
  });
});
