// /sys-markets/prices: the listed coins with the provider's price in the visitor's fiat, the 24 h
// change and a sparkline, searchable and sortable (query parameters, so both work without JavaScript),
// with live prices once hydrated; below, the coins we only write about, each linking to its page.
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { FIAT } from '#core/assets.ts';
import { applyListQuery, defaultDir, listQueryString, MAX_SEARCH_CHARS, type ListQuery, type SortKey } from '#core/markets/market-list-query.ts';
import type { PricesPageData } from '#core/markets/markets-page-data.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { useMarketsT } from '../i18n/use-markets-t.ts';
import { useLivePrices } from '../live/use-live-prices.ts';
import { MarketCoinIcon } from '../components/market-coin-icon.tsx';
import { PriceTable } from '../components/price-table.tsx';
import { coinHref, type LinkContext } from '../markets-links.ts';

export function PricesPage({ data, links, initialQuery }: { data: PricesPageData; links: LinkContext; initialQuery: ListQuery }) {
  const t = useMarketsT();
  const locale = useBootStore((state) => state.locale);
  const configuration = useWhiteLabel()?.configuration;
  const label = configuration?.label_name ?? '';
  const buyHref = `${configuration?.wallet_url ?? '/sys-wallets'}/buy`;
  const [query, setQuery] = useState(initialQuery);
  const live = useLivePrices({ rows: data.rows, asOf: data.as_of }, data.fiat);

  // The order is fixed when the reader chooses it (search or sort), never by a price that moved:
  // a live update changes the figures in their rows, and no row jumps under the reader's eyes.
  const latest = useRef(live.rows);
  latest.current = live.rows;
  const order = useMemo(() => applyListQuery(latest.current, query).map((row) => row.id), [query]);
  const byId = new Map(live.rows.map((row) => [row.id, row]));
  const shown = order.flatMap((id) => byId.get(id) ?? []);
  const listed = shown.filter((row) => row.listed);
  const others = shown.filter((row) => !row.listed);

  const change = (next: ListQuery) => {
    setQuery(next);
    history.replaceState(history.state, '', `${location.pathname}${listQueryString(next, { fiat: links.fiatParam ?? undefined })}`);
  };
  const sort = (key: SortKey) =>
    change({ ...query, sort: key, dir: query.sort === key ? (query.dir === 'asc' ? 'desc' : 'asc') : defaultDir(key) });
  const search = (event: FormEvent) => event.preventDefault();

  return (
    <div className="markets-page">
      <header className="markets-hero">
        <h1 className="markets-hero__title">{t('prices.title')}</h1>
        <p className="markets-hero__lead">{t('prices.lead', { label, fiat: data.fiat })}</p>
      </header>

      <div className="markets-tools">
        <form className="markets-search" role="search" method="get" onSubmit={search}>
          <label className="visually-hidden" htmlFor="markets-q">{t('prices.search')}</label>
          <input
            id="markets-q"
            className="input markets-search__input"
            type="search"
            name="q"
            value={query.q}
            maxLength={MAX_SEARCH_CHARS}
            placeholder={t('prices.searchPlaceholder')}
            autoComplete="off"
            onChange={(event) => change({ ...query, q: event.currentTarget.value.slice(0, MAX_SEARCH_CHARS) })}
          />
          {links.fiatParam ? <input type="hidden" name="fiat" value={links.fiatParam} /> : null}
          {query.sort !== 'rank' ? <input type="hidden" name="sort" value={query.sort} /> : null}
          <button className="button button--secondary markets-search__submit" type="submit">{t('prices.searchSubmit')}</button>
        </form>
        <form className="markets-fiat" method="get">
          <label htmlFor="markets-fiat">{t('prices.fiat')}</label>
          <select id="markets-fiat" className="input markets-fiat__select" name="fiat" defaultValue={data.fiat} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
            {FIAT.map((fiat) => (
              <option key={fiat} value={fiat}>{fiat}</option>
            ))}
          </select>
          <button className="button button--secondary markets-fiat__submit" type="submit">{t('prices.apply')}</button>
        </form>
      </div>

      {data.source === 'test' ? <p className="markets-note markets-note--test">{t('prices.testFeed')}</p> : null}
      {data.as_of === null ? <p className="markets-note markets-note--error" role="alert">{t('prices.unavailable')}</p> : null}

      {listed.length > 0 ? (
        <div className="price-table__wrap">
          <PriceTable rows={listed} fiat={data.fiat} locale={locale} query={query} links={links} buyHref={buyHref} t={t} onSort={sort} />
        </div>
      ) : null}
      {shown.length === 0 ? (
        <p className="markets-empty" role="status">
          {t('prices.noMatch', { q: query.q })} <a href={listQueryString({ ...query, q: '' }, { fiat: links.fiatParam ?? undefined }) || '?'} onClick={(event) => (event.preventDefault(), change({ ...query, q: '' }))}>{t('prices.clearSearch')}</a>
        </p>
      ) : null}
      <p className="markets-updated" aria-live="off">{t('prices.updatedLive')}</p>

      {others.length > 0 ? (
        <section className="more-coins" aria-labelledby="more-coins-title">
          <h2 id="more-coins-title" className="more-coins__title">{t('prices.moreCoins')}</h2>
          <ul className="more-coins__grid">
            {others.map((row) => (
              <li key={row.id}>
                <a className="more-coins__card" href={coinHref(links, row.id)}>
                  <MarketCoinIcon icon={row.icon} size={28} />
                  <span className="more-coins__name">{row.name}</span>
                  <span className="more-coins__iso">{row.iso}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
