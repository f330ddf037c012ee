import { describe, expect, it } from 'vitest';
import { buttonColorProblem, contrastRatio } from './button-contrast.ts';

describe('the contrast of the widget button text', () => {
  it.each([
    ['black on white is the maximum', '#000000', '#ffffff', 21],
    ['white on white is none', '#ffffff', '#ffffff', 1],
    ['the spec primary on white', '#053f2e', '#ffffff', 11.95],
    ['#777777 on white sits just below AA', '#777777', '#ffffff', 4.48],
  ])('%s', (_name, a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });

  it.each([
    ['the spec default primary #053f2e is accepted', '#053f2e', null],
    ['the spec default secondary #096e52 is accepted', '#096E52', null],
    ['a dark blue is accepted', '#1d3557', null],
    ['#767676, the palest grey at 4.54:1, is accepted', '#767676', null],
    ['#777777 at 4.48:1 is refused', '#777777', /4\.48:1.*4\.5:1/],
    ['a pale yellow is refused', '#ffe066', /darker/],
    ['white is refused', '#ffffff', /1\.00:1/],
    ['a three-digit colour is refused as malformed', '#abc', /six hex digits/],
    ['a CSS keyword is refused as malformed', 'red', /six hex digits/],
  ])('%s', (_name, hex, expected) => {
    const problem = buttonColorProblem(hex);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });
});
