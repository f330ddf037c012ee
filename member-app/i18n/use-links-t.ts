import { createUseT } from '#ui/i18n/use-t.ts';
import { linksEn } from './links-en.ts';
import { linksEs } from './links-es.ts';

export const useLinksT = createUseT({ en: linksEn, es: linksEs });
