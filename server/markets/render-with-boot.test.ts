import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { renderWithBoot } from './render-with-boot.ts';

function Locale() {
  return createElement('p', null, useBootStore((state) => state.locale));
}

describe('a server render with the boot store', () => {
  it("renders with this request's state and leaves the store as it was", () => {
    const before = useBootStore.getInitialState().locale;
    const state = { ...useBootStore.getState(), locale: before === 'es' ? ('en' as const) : ('es' as const) };
    expect(renderWithBoot(state, () => renderToString(createElement(Locale)))).toBe(`<p>${state.locale}</p>`);
    expect(useBootStore.getInitialState().locale).toBe(before);
    expect(renderToString(createElement(Locale))).toBe(`<p>${before}</p>`);
  });

  it('gives the state back when the render throws', () => {
    const before = useBootStore.getInitialState().locale;
    expect(() => renderWithBoot({ ...useBootStore.getState(), locale: 'es' }, () => { throw new Error('boom'); })).toThrow('boom');
    expect(useBootStore.getInitialState().locale).toBe(before);
  });
});
