// A money page's data that failed to load (fees, balances, saved cards): what went wrong, in
// words, and a way to try again.
import { useBootStore } from '#ui/boot/boot-store.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { tradeErrorText } from './trade-error.ts';

export function LoadAlert({ error, onRetry }: { error: ApiError | null; onRetry: () => void }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  if (!error) return null;
  return (
    <p className="form-alert form-alert--error" role="alert">
      {tradeErrorText(error, locale)}{' '}
      <button type="button" className="button button--link" onClick={onRetry}>{t('retry')}</button>
    </p>
  );
}
