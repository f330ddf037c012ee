import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { es } from './es.ts';
import { interpolate, translator } from './translate.ts';

describe('interpolation', () => {
  it.each([
    ['fills a named placeholder', '{label} is down', { label: 'Harbor Coin' }, 'Harbor Coin is down'],
    ['fills the same placeholder twice', '{a}-{a}', { a: 1 }, '1-1'],
    ['leaves an unknown placeholder visible', 'Hi {name}', { other: 'x' }, 'Hi {name}'],
    ['does not read inherited properties', '{constructor}', {}, '{constructor}'],
    ['treats replacement patterns in values literally', '{x}', { x: '$& $1' }, '$& $1'],
    ['returns the template without params', 'Error {status}', undefined, 'Error {status}'],
  ])('%s', (_name, template, params, expected) => {
    expect(interpolate(template, params)).toBe(expected);
  });
});

describe('the shared catalogues', () => {
  it('has a Spanish text for every English key, and no extra ones', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('keeps the placeholders of every English text in Spanish', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(names(es[key]), key).toEqual(names(en[key]));
  });

  it('keeps the spec sentences of the error and 404 pages word for word', () => {
    const t = translator({ en, es }, 'en');
    expect(t('error.unableToFind')).toBe("We're unable to find the page you're looking for.");
    expect(t('error.unknown')).toBe('We are very sorry for inconvenience. The application has encountered an unknown error.');
    expect(t('error.nested')).toBe('An error occurred while showing the error page');
    expect(t('notFound.title')).toBe('This page could not be found');
  });

  it('translates to Spanish when the locale is es', () => {
    expect(translator({ en, es }, 'es')('notFound.title')).toBe('No se ha podido encontrar esta página');
  });
});
