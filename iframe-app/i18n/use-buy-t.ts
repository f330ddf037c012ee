import { createUseT } from '#ui/i18n/use-t.ts';
import { buyEn } from './buy-en.ts';
import { buyEs } from './buy-es.ts';

export const useBuyT = createUseT({ en: buyEn, es: buyEs });
