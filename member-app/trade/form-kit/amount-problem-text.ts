// The words for an amount problem (amount-check.ts), with figures formatted for the page locale.
import type { Asset } from '#core/assets.ts';
import type { Locale } from '#core/language.ts';
import { formatDisplay } from '#core/money-display.ts';
import type { Translate } from '#ui/i18n/translate.ts';
import type { AmountProblem } from './amount-check.ts';
import type { TradeKey } from '../../i18n/trade-en.ts';

export function amountProblemText(problem: AmountProblem, asset: Asset, locale: Locale, t: Translate<TradeKey>): string {
  switch (problem.reason) {
    case 'required':
      return t('amount.required');
    case 'malformed':
      return t('amount.malformed');
    case 'zero':
      return t('amount.zero');
    case 'too_precise':
      return t('amount.tooPrecise', { decimals: problem.decimals, asset });
    case 'below_minimum':
      return t('amount.belowMinimum', { minimum: formatDisplay(problem.minimum, asset, locale) });
    case 'above_maximum':
      return t('amount.aboveMaximum', { maximum: formatDisplay(problem.maximum, asset, locale) });
    case 'insufficient':
      return t('amount.insufficient', { available: formatDisplay(problem.available, asset, locale) });
  }
}
