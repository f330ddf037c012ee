// The lazy chunks a widget shell's first screen needs, preloaded by the shell (manifest.json `lazy`), so the
// browser fetches them beside the entry instead of one import level at a time after it. The widget's home
// nearly always moves on to the pay screen at once (a payment with its coin), so both are preloaded there.
// Only sys-widget: its first screen is what a buyer waits on after PayKit.open.

import type { ModuleName } from '#core/modules.ts';
import type { Manifest } from './manifest.ts';

const HOME = 'iframe-app/pages/home-page.tsx';
const PAY = 'iframe-app/pages/payment-page.tsx';

const WIDGET_FIRST_PAGES: Readonly<Record<string, readonly string[]>> = {
  '/': [HOME, PAY],
  '/home': [HOME, PAY],
  '/payment': [PAY],
};

export function firstPageChunks(module: ModuleName, path: string, manifest: Manifest): string[] {
  if (module !== 'sys-widget') return [];
  return (WIDGET_FIRST_PAGES[path] ?? []).flatMap((page) => manifest.lazy?.[page] ?? []);
}
