import { describe, expect, it } from 'vitest';
import { maskDestination } from './mask-destination.ts';

describe('maskDestination', () => {
  it.each([
    { to: 'member@demo.test', shown: 'm•••@demo.test' },
    { to: 'a@b.example', shown: 'a•••@b.example' },
    { to: '+447700900123', shown: '•••• 0123' },
  ])('$to is shown as $shown', ({ to, shown }) => {
    expect(maskDestination(to)).toBe(shown);
  });
});
