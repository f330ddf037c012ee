import { createUseT } from '#ui/i18n/use-t.ts';
import { tradeEn } from './trade-en.ts';
import { tradeEs } from './trade-es.ts';

export const useTradeT = createUseT({ en: tradeEn, es: tradeEs });
