import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, nestedDeeperThan } from './json-body.ts';

const nest = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
};

describe('how deep a body may nest', () => {
  it.each([
    ['a number', 1, false],
    ['a flat object', { a: 1, b: 'x' }, false],
    [`${MAX_BODY_DEPTH} levels`, nest(MAX_BODY_DEPTH), false],
    [`${MAX_BODY_DEPTH + 1} levels`, nest(MAX_BODY_DEPTH + 1), true],
    ['100 000 levels (no stack overflow)', nest(100_000), true],
  ] as const)('%s is too deep: %s', (_name, value, tooDeep) => {
    expect(nestedDeeperThan(value, MAX_BODY_DEPTH)).toBe(tooDeep);
  });
});
