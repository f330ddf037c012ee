import { describe, expect, it } from 'vitest';
import { firstPageChunks } from './first-page-chunks.ts';
import { renderShell } from './render-shell.ts';

const manifest = {
  entry: 'main-1.js',
  css: ['app-1.css'],
  preload: ['shared-1.js'],
  lazy: {
    'iframe-app/pages/home-page.tsx': ['home-page-1.js', 'coin-icon-1.js'],
    'iframe-app/pages/payment-page.tsx': ['payment-page-1.js', 'copy-field-1.js', 'coin-icon-1.js'],
    'iframe-app/pages/flow-start-page.tsx': ['flow-start-page-1.js'],
  },
};

describe('the lazy chunks a shell preloads for its first screen', () => {
  it.each([
    { module: 'sys-widget', path: '/', chunks: ['home-page-1.js', 'coin-icon-1.js', 'payment-page-1.js', 'copy-field-1.js', 'coin-icon-1.js'] },
    { module: 'sys-widget', path: '/home', chunks: ['home-page-1.js', 'coin-icon-1.js', 'payment-page-1.js', 'copy-field-1.js', 'coin-icon-1.js'] },
    { module: 'sys-widget', path: '/payment', chunks: ['payment-page-1.js', 'copy-field-1.js', 'coin-icon-1.js'] },
    { module: 'sys-widget', path: '/payment-success', chunks: [] },
    { module: 'sys-flow', path: '/', chunks: [] },
  ] as const)('$module $path: $chunks.length chunks', ({ module, path, chunks }) => {
    expect(firstPageChunks(module, path, manifest)).toEqual(chunks);
  });

  it('a build without the lazy map preloads no page', () => {
    expect(firstPageChunks('sys-widget', '/', { entry: 'main-1.js', css: [], preload: [] })).toEqual([]);
  });

  it('the shell announces each chunk once, after the entry script, which the browser then asks for first', () => {
    const boot = { module: 'sys-widget', base: '/sys-widget', status: 200, locale: 'en', whitelabel: null, mode: 'test', coins: ['BTC'] } as const;
    const html = renderShell(boot, 'iframe-app', manifest, firstPageChunks('sys-widget', '/', manifest));
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="\/static\/iframe-app\/([^"]+)">/g)].map((match) => match[1]);
    expect(preloads).toEqual(['shared-1.js', 'home-page-1.js', 'coin-icon-1.js', 'payment-page-1.js', 'copy-field-1.js']);
    expect(html.indexOf('src="/static/iframe-app/main-1.js"')).toBeLessThan(html.indexOf('home-page-1.js'));
  });
});
