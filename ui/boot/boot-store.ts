// The boot/config store: the BootData of the page and the chosen locale. Written once at start
// (before the first render) and read everywhere; zustand keeps reads selective and cheap.
import { create } from 'zustand';
import { CRYPTO } from '#core/assets.ts';
import { FALLBACK_LOCALE, type Locale } from '#core/language.ts';
import type { BootData } from './boot-data.ts';

export interface BootState {
  boot: BootData;
  locale: Locale;
  /** The page is the 404: the server said so, or the `lang` query is unsupported. */
  notFound: boolean;
}

const EMPTY_BOOT: BootData = { module: 'sys-wallets', base: '/sys-wallets', status: 200, locale: null, whitelabel: null, mode: 'live', coins: CRYPTO };

export const useBootStore = create<BootState>(() => ({ boot: EMPTY_BOOT, locale: FALLBACK_LOCALE, notFound: false }));

/** The coins whose chain is on in this server: the only ones a page offers (core/boot.ts). */
export function useCoinsOn() {
  return useBootStore((state) => state.boot.coins);
}

/** The provider's configuration, or null when it is missing (the page is then /error). */
export function useWhiteLabel() {
  return useBootStore((state) => state.boot.whitelabel);
}
