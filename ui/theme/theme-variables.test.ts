import { describe, expect, it } from 'vitest';
import { contrast, parseHex, type Rgb } from './color.ts';
import { applyTheme, themeVariables } from './theme-variables.ts';

const rgb = (hex: string) => parseHex(hex) as Rgb;

describe('theme variables from the provider meta', () => {
  it.each([
    ['the default colours when meta names none', {}, '#053f2e', '#096e52'],
    ['the provider colours when meta names them', { primary_color: '#1d3557', secondary_color: '#457b9d' }, '#1d3557', '#457b9d'],
    ['short hex colours expanded', { primary_color: '#abc', secondary_color: '#FFF' }, '#aabbcc', '#ffffff'],
    ['the defaults when a colour is malformed', { primary_color: 'red', secondary_color: 'url(x)' }, '#053f2e', '#096e52'],
  ])('%s', (_name, meta, primary, secondary) => {
    const vars = themeVariables(meta);
    expect(vars['--color-primary']).toBe(primary);
    expect(vars['--color-secondary']).toBe(secondary);
  });

  it.each(['#053f2e', '#1d3557', '#ffd166', '#f1faee', '#777777'])('text on primary %s reaches 4.5:1', (primary) => {
    const vars = themeVariables({ primary_color: primary });
    expect(contrast(rgb(vars['--color-on-primary'] as string), rgb(primary))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['#053f2e', '#1d3557', '#ffd166', '#f1faee'])('the link colour derived from %s reads on white at 4.5:1', (primary) => {
    const vars = themeVariables({ primary_color: primary });
    expect(contrast(rgb(vars['--color-link'] as string), rgb('#ffffff'))).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps an already dark brand colour as the link colour', () => {
    expect(themeVariables({ primary_color: '#1d3557' })['--color-link']).toBe('#1d3557');
  });

  it('writes every variable through setProperty', () => {
    const written: [string, string][] = [];
    applyTheme({ setProperty: (name: string, value: string | null) => void written.push([name, String(value)]) }, { '--a': '1', '--b': '2' });
    expect(written).toEqual([['--a', '1'], ['--b', '2']]);
  });
});
