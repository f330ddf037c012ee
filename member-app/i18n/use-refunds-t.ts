import { createUseT } from '#ui/i18n/use-t.ts';
import { refundsEn } from './refunds-en.ts';
import { refundsEs } from './refunds-es.ts';

export const useRefundsT = createUseT({ en: refundsEn, es: refundsEs });
