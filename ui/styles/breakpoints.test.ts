import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS_PX } from '#core/constants.ts';

const stylesheets = [
  ...readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('.css')).map((f) => new URL(f, import.meta.url)),
  ...readdirSync(new URL('../../member-app/styles/', import.meta.url)).map((f) => new URL(`../../member-app/styles/${f}`, import.meta.url)),
  ...readdirSync(new URL('../../iframe-app/styles/', import.meta.url)).map((f) => new URL(`../../iframe-app/styles/${f}`, import.meta.url)),
];

describe('the stylesheets use the spec breakpoints', () => {
  it('only as min-width queries at 576, 768, 992, 1200 or 1400 px', () => {
    const allowed = Object.values(BREAKPOINTS_PX) as number[];
    const found: number[] = [];
    for (const file of stylesheets) {
      const css = readFileSync(file, 'utf8');
      for (const query of css.matchAll(/@media[^{]*\(\s*(min|max)-width\s*:\s*(\d+(?:\.\d+)?)px\s*\)/g)) {
        expect(query[1], `${file.pathname}: ${query[0]}`).toBe('min');
        found.push(Number(query[2]));
      }
    }
    expect(found.length).toBeGreaterThan(0);
    for (const px of found) expect(allowed).toContain(px);
  });
});
