// widget (spec §2 sub-page): spec §4's widget status sums of the merchant's widget payments, per coin,
// as the server computes them (core/settlements/widget-payment-sums.ts); never summed here.
import { getMerchantWidgetSums } from '#core/contract/settlements.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useSettlementsT } from '../../i18n/use-settlements-t.ts';
import { settlementErrorText } from '../../settlements/settlement-error-text.ts';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { useShowAmount } from '../../trade/form-kit/show-amount.ts';
import { CoinMark } from '../wallets/coin-mark.tsx';

export function WidgetTab() {
  const t = useSettlementsT();
  const locale = useBootStore((state) => state.locale);
  const show = useShowAmount();
  const sums = useApiData(getMerchantWidgetSums);
  return (
    <section aria-labelledby="widget-title" className="settlements-section">
      <h2 id="widget-title" className="profile-section__title">{t('widget.title')}</h2>
      <p className="panel__lead">{t('widget.lead')}</p>
      {sums.state === 'error' ? (
        <div className="empty-state empty-state--error" role="alert">
          <h3 className="empty-state__title">{t('st.errorTitle')}</h3>
          <p className="empty-state__body">{settlementErrorText(sums.error, locale)}</p>
          <button type="button" className="button button--primary" onClick={sums.reload}>{t('st.retry')}</button>
        </div>
      ) : !sums.data ? (
        <p role="status" className="panel__note">{t('st.loading')}</p>
      ) : sums.data.sums.length === 0 ? (
        <div className="empty-state">
          <h3 className="empty-state__title">{t('widget.emptyTitle')}</h3>
          <p className="empty-state__body">{t('widget.emptyBody')}</p>
        </div>
      ) : (
        <div className="settlements-table-wrap">
          <table className="settlements-table">
            <caption className="visually-hidden">{t('widget.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('widget.coin')}</th>
                <th scope="col" className="num">{t('widget.pending')}</th>
                <th scope="col" className="num">{t('widget.completed')}</th>
                <th scope="col" className="num">{t('widget.payments')}</th>
              </tr>
            </thead>
            <tbody>
              {sums.data.sums.map((sum) => (
                <tr key={sum.currency} data-testid={`widget-sum-${sum.currency}`}>
                  <th scope="row" data-label={t('widget.coin')}>
                    <span className="settlements-coin"><CoinMark coin={sum.currency} /> {sum.currency}</span>
                  </th>
                  <td className="num" data-label={t('widget.pending')}>{show(sum.pending, sum.currency)}</td>
                  <td className="num" data-label={t('widget.completed')}>{show(sum.completed, sum.currency)}</td>
                  <td className="num" data-label={t('widget.payments')}>{new Intl.NumberFormat(locale).format(sum.payments)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
