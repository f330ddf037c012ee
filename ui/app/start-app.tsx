// The start of both apps: read BootData, choose the language, apply the provider's colours, render.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BOOT_ELEMENT_ID } from '#core/boot.ts';
import { parseBootData, type BootData } from '../boot/boot-data.ts';
import { useBootStore } from '../boot/boot-store.ts';
import { choosePageLocale } from '../boot/locale-choice.ts';
import { applyTheme, themeVariables } from '../theme/theme-variables.ts';

/**
 * Waited for before the first render (at most OPENING_WAIT_MS): the chunk of the route the page opens on
 * (ui/routing/opening-route.ts), so the first render is that page and not the loading state before it.
 */
export type Opening = (boot: BootData) => Promise<unknown>;

/** A chunk slower than this shows the loading state meanwhile, as it would without the wait. */
const OPENING_WAIT_MS = 300;

/** Returns the BootData it rendered with, for entry points that start more (e.g. the widget's SDK bridge). */
export function startApp(render: (boot: BootData) => ReactNode, opening?: Opening): BootData {
  const { boot, problems } = parseBootData(document.getElementById(BOOT_ELEMENT_ID)?.textContent, location.pathname);
  if (process.env.NODE_ENV !== 'production' && problems.length > 0) {
    console.warn('[boot] configuration treated as missing:', problems);
  }
  const { locale, unsupportedLanguage } = choosePageLocale(boot, { search: location.search, cookies: document.cookie, languages: navigator.languages ?? [] });
  useBootStore.setState({ boot, locale, notFound: boot.status === 404 || unsupportedLanguage });
  document.documentElement.lang = locale;
  if (boot.whitelabel) applyTheme(document.documentElement.style, themeVariables(boot.whitelabel.meta));

  const root = document.getElementById('root');
  if (!root) throw new Error('the HTML shell has no #root element');
  const first = () => createRoot(root).render(render(boot));
  if (!opening) first();
  else void Promise.race([opening(boot), new Promise((resolve) => setTimeout(resolve, OPENING_WAIT_MS))]).then(first, first);
  return boot;
}
