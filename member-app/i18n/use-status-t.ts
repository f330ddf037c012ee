import { createUseT } from '#ui/i18n/use-t.ts';
import { statusEn } from './status-en.ts';
import { statusEs } from './status-es.ts';

export const useStatusT = createUseT({ en: statusEn, es: statusEs });
