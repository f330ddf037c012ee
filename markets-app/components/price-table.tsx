// The prices list: one row per coin with its icon, price, 24 h change, sparkline and a buy link.
// Column headers are sort links (?sort=price&dir=desc) so sorting works without JavaScript; with it,
// `onSort` changes the order in place. Coins without a price say so and sort last.
import type { MouseEvent } from 'react';
import type { FiatAsset } from '#core/assets.ts';
import type { Locale } from '#core/language.ts';
import { defaultDir, listQueryString, type ListQuery, type SortKey } from '#core/markets/market-list-query.ts';
import type { MarketRow } from '#core/markets/markets-page-data.ts';
import type { MarketsKey } from '../i18n/markets-en.ts';
import type { Translate } from '#ui/i18n/translate.ts';
import { formatChange, formatPrice, trendOf } from '../market-format.ts';
import { coinHref, type LinkContext } from '../markets-links.ts';
import { ChangeText } from './change-text.tsx';
import { MarketCoinIcon } from './market-coin-icon.tsx';
import { Sparkline } from './sparkline.tsx';

export interface PriceTableProps {
  rows: readonly MarketRow[];
  fiat: FiatAsset;
  locale: Locale;
  query: ListQuery;
  links: LinkContext;
  buyHref: string;
  t: Translate<MarketsKey>;
  onSort: (sort: SortKey) => void;
}

export function PriceTable({ rows, fiat, locale, query, links, buyHref, t, onSort }: PriceTableProps) {
  const header = (sort: SortKey, label: string, className: string) => {
    const active = query.sort === sort;
    const next: ListQuery = { ...query, sort, dir: active ? (query.dir === 'asc' ? 'desc' : 'asc') : defaultDir(sort) };
    const click = (event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault();
      onSort(sort);
    };
    return (
      <th scope="col" className={className} aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
        <a className="sort-link" href={listQueryString(next, { fiat: links.fiatParam ?? undefined }) || '?'} onClick={click}>
          {label}
          <span className={`sort-link__mark${active ? ` sort-link__mark--${query.dir}` : ''}`} aria-hidden="true" />
          <span className="visually-hidden">{active ? ` (${t(query.dir === 'asc' ? 'prices.sortedAsc' : 'prices.sortedDesc')})` : ''}</span>
        </a>
      </th>
    );
  };
  return (
    <table className="price-table">
      <caption className="visually-hidden">{t('prices.caption', { fiat })}</caption>
      <thead>
        <tr>
          {header('rank', '#', 'price-table__rank')}
          {header('name', t('prices.colCoin'), 'price-table__coin')}
          {header('price', t('prices.colPrice'), 'price-table__num')}
          {header('change', t('prices.colChange'), 'price-table__num')}
          <th scope="col" className="price-table__trend">{t('prices.colTrend')}</th>
          <th scope="col" className="price-table__action"><span className="visually-hidden">{t('prices.colAction')}</span></th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-coin={row.id}>
            <td className="price-table__rank">{row.rank}</td>
            <th scope="row" className="price-table__coin">
              <a className="coin-link" href={coinHref(links, row.id)}>
                <MarketCoinIcon icon={row.icon} />
                <span className="coin-link__text">
                  <span className="coin-link__name">{row.name}</span> <span className="coin-link__iso">{row.iso}</span>
                </span>
              </a>
            </th>
            <td className="price-table__num price-table__price">
              {row.price === null ? <span className="not-offered">{t('prices.notOffered')}</span> : formatPrice(row.price, fiat, locale)}
            </td>
            <td className="price-table__num"><ChangeText change={row.change24h} locale={locale} /></td>
            <td className="price-table__trend">
              <Sparkline prices={row.sparkline} trend={trendOf(row.change24h)} label={t('prices.trendLabel', { name: row.name, change: row.change24h === null ? '—' : formatChange(row.change24h, locale) })} />
            </td>
            <td className="price-table__action">
              {row.price === null ? null : (
                <a className="button button--primary button--small" href={buyHref} aria-label={t('prices.buyCoin', { name: row.name })}>{t('prices.buy')}</a>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
