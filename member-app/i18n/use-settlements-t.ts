import { createUseT } from '#ui/i18n/use-t.ts';
import { settlementsEn } from './settlements-en.ts';
import { settlementsEs } from './settlements-es.ts';

export const useSettlementsT = createUseT({ en: settlementsEn, es: settlementsEs });
