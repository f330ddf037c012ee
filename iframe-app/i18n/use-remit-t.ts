import { createUseT } from '#ui/i18n/use-t.ts';
import { remitEn } from './remit-en.ts';
import { remitEs } from './remit-es.ts';

export const useRemitT = createUseT({ en: remitEn, es: remitEs });
