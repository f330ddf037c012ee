import { describe, expect, it } from 'vitest';
import { closeOutcome, type CloseOutcome } from './leave-confirmation.ts';

describe('Esc or the close button on the overlay', () => {
  it.each<[string, { confirmLeave: boolean; asking: boolean }, CloseOutcome]>([
    ['while a payment is open, asks before leaving', { confirmLeave: true, asking: false }, 'ask'],
    ['on a page with nothing to lose (paid, failed, redirect), closes at once', { confirmLeave: false, asking: false }, 'close'],
    ['while the question is open, Esc keeps paying', { confirmLeave: true, asking: true }, 'keep'],
    ['a question left open when the page changed is dismissed, never a close', { confirmLeave: false, asking: true }, 'keep'],
  ])('%s', (_name, state, outcome) => {
    expect(closeOutcome(state)).toBe(outcome);
  });
});
