// /sys-markets/prices/{id}: the coin's price at the provider and its change over 24 h, 7 d, 30 d and
// 1 y, the chart with those ranges (drawn in the browser by a lazily loaded chart chunk; the server
// writes its summary as text, which is what a reader without JavaScript or a screen reader gets),
// the coin's facts and its educational text. A coin not offered here says so instead of a price.
import type { CoinPageData } from '#core/markets/markets-page-data.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { ChangeText } from '../components/change-text.tsx';
import { CoinAbout } from '../components/coin-about.tsx';
import { CoinFacts } from '../components/coin-facts.tsx';
import { MarketCoinIcon } from '../components/market-coin-icon.tsx';
import { PriceChart } from '../components/price-chart.tsx';
import { useMarketsT } from '../i18n/use-markets-t.ts';
import { formatPrice } from '../market-format.ts';
import { pricesHref, type LinkContext } from '../markets-links.ts';

const RANGES = ['1d', '7d', '30d', '1y'] as const;

export function CoinPage({ data, links }: { data: CoinPageData; links: LinkContext }) {
  const t = useMarketsT();
  const locale = useBootStore((state) => state.locale);
  const configuration = useWhiteLabel()?.configuration;
  const { coin, price } = data;
  return (
    <article className="markets-page coin-page" aria-labelledby="coin-title">
      <p className="coin-page__back">
        <a href={pricesHref(links)}>
          <span aria-hidden="true">← </span>
          {t('coin.back')}
        </a>
      </p>
      <header className="coin-head">
        <MarketCoinIcon icon={coin.icon} size={56} />
        <div className="coin-head__text">
          <h1 id="coin-title" className="coin-head__title">
            {price === null ? coin.name : t('coin.price', { name: coin.name })} <span className="coin-head__iso">{coin.iso}</span>
          </h1>
          {price === null ? (
            <p className="coin-head__not-offered">{t('coin.notOffered', { name: coin.name })}</p>
          ) : (
            <p className="coin-head__price">
              <span className="coin-head__amount">{formatPrice(price, data.fiat, locale)}</span>
              <ChangeText change={data.changes['1d']} locale={locale} />
            </p>
          )}
        </div>
        {price === null ? null : (
          <div className="coin-head__actions">
            <a className="button button--primary" href={`${configuration?.wallet_url ?? '/sys-wallets'}/buy`}>{t('coin.buy', { name: coin.name })}</a>
            <a className="button button--secondary" href={`/sys-flow/?coin=${encodeURIComponent(coin.iso)}${locale ? `&lang=${locale}` : ''}`}>{t('coin.buyGuest')}</a>
          </div>
        )}
      </header>

      {price === null ? null : (
        <>
          <section className="coin-changes" aria-labelledby="coin-changes-title">
            <h2 id="coin-changes-title" className="visually-hidden">{t('coin.changes')}</h2>
            <dl className="coin-changes__list">
              {RANGES.map((range) => (
                <div key={range} className="coin-changes__item">
                  <dt>{t(`coin.change.${range}`)}</dt>
                  <dd><ChangeText change={data.changes[range]} locale={locale} /></dd>
                </div>
              ))}
            </dl>
          </section>
          {data.chart ? <PriceChart coin={coin} fiat={data.fiat} price={price} initial={data.chart} /> : null}
        </>
      )}

      <div className="coin-page__columns">
        <CoinAbout info={data.info} name={coin.name} />
        <CoinFacts coin={coin} />
      </div>
      <p className="coin-page__disclaimer">{t('coin.disclaimer')}</p>
    </article>
  );
}
