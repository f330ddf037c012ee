import { createUseT } from '#ui/i18n/use-t.ts';
import { limitsEn } from './limits-en.ts';
import { limitsEs } from './limits-es.ts';

export const useLimitsT = createUseT({ en: limitsEn, es: limitsEs });
