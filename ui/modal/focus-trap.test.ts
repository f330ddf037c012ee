import { describe, expect, it } from 'vitest';
import { nextFocusIndex } from './focus-trap.ts';

describe('focus trap inside a dialog', () => {
  it.each([
    ['Tab moves to the next element', 0, 3, false, 1],
    ['Tab on the last element wraps to the first', 2, 3, false, 0],
    ['Shift+Tab on the first element wraps to the last', 0, 3, true, 2],
    ['Shift+Tab moves to the previous element', 2, 3, true, 1],
    ['Tab with focus outside the dialog goes to the first element', -1, 3, false, 0],
    ['Shift+Tab with focus outside the dialog goes to the last element', -1, 3, true, 2],
    ['a dialog with one element keeps focus on it', 0, 1, false, 0],
    ['a dialog with nothing focusable gives no target', -1, 0, false, -1],
  ])('%s', (_name, current, count, backwards, expected) => {
    expect(nextFocusIndex(current, count, backwards)).toBe(expected);
  });
});
