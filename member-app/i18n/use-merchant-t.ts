import { createUseT } from '#ui/i18n/use-t.ts';
import { merchantEn } from './merchant-en.ts';
import { merchantEs } from './merchant-es.ts';

export const useMerchantT = createUseT({ en: merchantEn, es: merchantEs });
