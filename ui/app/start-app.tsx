// The start of both apps: read BootData, choose the language, apply the provider's colours, render.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BOOT_ELEMENT_ID } from '#core/boot.ts';
import { parseBootData, type BootData } from '../boot/boot-data.ts';
import { useBootStore } from '../boot/boot-store.ts';
import { choosePageLocale } from '../boot/locale-choice.ts';
import { applyTheme, themeVariables } from '../theme/theme-variables.ts';

/** Returns the BootData it rendered with, for entry points that start more (e.g. the widget's SDK bridge). */
export function startApp(render: (boot: BootData) => ReactNode): BootData {
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
  createRoot(root).render(render(boot));
  return boot;
}
