// Hooks that bind a catalogue to the page locale held in the boot store.
import { useMemo } from 'react';
import { useBootStore } from '../boot/boot-store.ts';
import { en, type MessageKey } from './en.ts';
import { es } from './es.ts';
import { translator, type Catalogues, type Translate } from './translate.ts';

const UI_CATALOGUES: Catalogues<MessageKey> = { en, es };

/** Makes a hook for a page catalogue (member-app pages keep theirs beside them, loaded with the route chunk). */
export function createUseT<K extends string>(catalogues: Catalogues<K>): () => Translate<K> {
  return function useCatalogue() {
    const locale = useBootStore((state) => state.locale);
    return useMemo(() => translator(catalogues, locale), [locale]);
  };
}

/** The shared interface texts: `const t = useT(); t('notFound.title')`. */
export const useT = createUseT(UI_CATALOGUES);

/** Outside React (the nested error fallback must not depend on hooks that could be what failed). */
export function uiText(key: MessageKey, params?: Parameters<Translate<MessageKey>>[1]): string {
  return translator(UI_CATALOGUES, useBootStore.getState().locale)(key, params);
}
