// Above the payments: what settled payments brought in over 7, 30, 90 days or a year (GET
// /v1/merchant/payments/volume), as stacked bars per day and coin in the lead fiat, the totals the
// server summed from the payments' own fiat amounts, and the same figures as a table for anyone who
// cannot see the picture (screen readers get the table; the picture is labelled as a whole).
import { useEffect, useId, useState } from 'react';
import { merchantPaymentsVolume, type MerchantVolume } from '#core/contract/merchant-office.ts';
import { CRYPTO_DISPLAY_NAMES } from '#core/assets.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useMerchantT } from '../../i18n/use-merchant-t.ts';
import { amountText } from '../../wallets/wallet-view.ts';
import { CoinMark } from '../wallets/coin-mark.tsx';
import { coinsOf, leadCurrency, rangeOf, VOLUME_HEIGHT, VOLUME_RANGES, VOLUME_WIDTH, volumeBars, type VolumeRange } from './volume-geometry.ts';

export function VolumeChart({ refreshKey }: { refreshKey: number }) {
  const t = useMerchantT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const [days, setDays] = useState<VolumeRange>(30);
  const [answer, setAnswer] = useState<MerchantVolume | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void memberApi()
      .call(merchantPaymentsVolume, { query: rangeOf(days, new Date()) })
      .then((result) => {
        if (!live) return;
        setFailed(!result.ok);
        if (result.ok) setAnswer(result.data);
      });
    return () => {
      live = false;
    };
  }, [days, refreshKey]);

  const expected = rangeOf(days, new Date());
  const volume = answer && answer.from === expected.from ? answer : null;
  const fiat = volume ? leadCurrency(volume) : null;
  const lead = volume && fiat ? volume.totals.find((total) => total.fiat_currency === fiat) : undefined;
  const others = volume && fiat ? volume.totals.filter((total) => total.fiat_currency !== fiat) : [];
  const bars = volume && fiat ? volumeBars(volume, fiat) : [];
  const coins = volume ? coinsOf(volume) : [];
  const chartLabel = volume && fiat ? t('volume.chartLabel', { currency: fiat, from: volume.from, to: volume.to }) : '';

  return (
    <section className="panel volume-chart" aria-labelledby={`${id}-title`} aria-busy={!volume && !failed}>
      <div className="volume-chart__head">
        <h2 id={`${id}-title`} className="panel__title">{t('volume.title')}</h2>
        <div className="segmented" role="group" aria-label={t('volume.range')}>
          {VOLUME_RANGES.map((range) => (
            <button key={range} type="button" className="segmented__item" aria-pressed={range === days} onClick={() => setDays(range)}>
              {t(`volume.${range}`)}
            </button>
          ))}
        </div>
      </div>
      {failed ? <p className="form-alert form-alert--error" role="alert">{t('volume.error')}</p> : null}
      {!volume && !failed ? <p role="status" className="panel__lead">{t('volume.loading')}</p> : null}
      {volume && fiat ? (
        <>
          <div className="volume-chart__totals">
            <p className="volume-chart__total">
              <span className="volume-chart__total-label">{t('volume.total', { currency: fiat })}</span>
              <strong data-testid="volume-total">{amountText(lead?.fiat_amount ?? '0', fiat, locale)}</strong>
              <span className="volume-chart__count">{(lead?.count ?? 0) === 1 ? t('volume.paymentsOne') : t('volume.payments', { count: lead?.count ?? 0 })}</span>
            </p>
            {others.length > 0 ? (
              <p className="volume-chart__others">
                {t('volume.otherFiat')}{' '}
                {others.map((total) => amountText(total.fiat_amount, total.fiat_currency, locale)).join(' · ')}
              </p>
            ) : null}
          </div>
          {volume.days.length === 0 ? (
            <p className="panel__lead">{t('volume.empty')}</p>
          ) : (
            <>
              <svg className="volume-chart__svg" viewBox={`0 0 ${VOLUME_WIDTH} ${VOLUME_HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={chartLabel} focusable="false">
                <line className="volume-chart__axis" x1="0" x2={VOLUME_WIDTH} y1={VOLUME_HEIGHT - 0.5} y2={VOLUME_HEIGHT - 0.5} vectorEffect="non-scaling-stroke" />
                {bars.map((bar) =>
                  bar.segments.map((segment) => (
                    <rect key={`${bar.date}-${segment.coin}`} className={`volume-chart__bar volume-chart__bar--${segment.coin.toLowerCase()}`} x={bar.x} y={segment.y} width={bar.width} height={segment.height} />
                  )),
                )}
              </svg>
              <div className="volume-chart__axis-labels" aria-hidden="true">
                <span>{volume.from}</span>
                <span>{volume.to}</span>
              </div>
              <ul className="volume-chart__legend">
                {coins.map((coin) => (
                  <li key={coin}>
                    <span className={`volume-chart__swatch volume-chart__bar--${coin.toLowerCase()}`} aria-hidden="true" />
                    <CoinMark coin={coin} />
                    {CRYPTO_DISPLAY_NAMES[coin]}
                  </li>
                ))}
              </ul>
              <details className="volume-chart__table">
                <summary>{t('volume.table')}</summary>
                <table className="data-table" data-testid="volume-table">
                  <caption className="visually-hidden">{chartLabel}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('volume.day')}</th>
                      <th scope="col">{t('mtx.coin')}</th>
                      <th scope="col" className="data-table__num">{t('volume.inFiat', { currency: fiat })}</th>
                      <th scope="col" className="data-table__num">{t('volume.inCoin')}</th>
                      <th scope="col" className="data-table__num">{t('volume.count')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {volume.days.map((day) => (
                      <tr key={`${day.date}-${day.coin}-${day.fiat_currency}`}>
                        <th scope="row">{day.date}</th>
                        <td>{day.coin}</td>
                        <td className="data-table__num">{amountText(day.fiat_amount, day.fiat_currency, locale)}</td>
                        <td className="data-table__num">{amountText(day.coin_amount, day.coin, locale)}</td>
                        <td className="data-table__num">{day.count}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            </>
          )}
        </>
      ) : null}
    </section>
  );
}
