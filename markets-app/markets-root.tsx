// The markets site's tree, the same on the server (rendered to HTML with its data) and in the browser
// (hydrated from that HTML with the same data): the page the data names, inside the home frame.
// Links are full page loads (markets-links.ts), so there is no client routing beyond this choice;
// the Router only gives the shared header and footer their base, path and query.
import { Router } from 'wouter';
import { isMarketFiat } from '#core/markets/visitor-fiat.ts';
import type { ListQuery } from '#core/markets/market-list-query.ts';
import type { MarketsPageData } from '#core/markets/markets-page-data.ts';
import { NotFoundPage } from '#ui/components/not-found-page.tsx';
import { MarketsFrame } from './markets-frame.tsx';
import type { LinkContext } from './markets-links.ts';
import { CoinPage } from './pages/coin-page.tsx';
import { PricesPage } from './pages/prices-page.tsx';

export interface MarketsRootProps {
  base: string;
  /** The query string without "?": the visitor's ?fiat= travels in links. */
  search: string;
  /** On the server: the request's full path, which the browser's location stands for once hydrated. */
  ssrPath?: string;
  data: MarketsPageData;
  query: ListQuery;
}

export function MarketsRoot({ base, search, ssrPath, data, query }: MarketsRootProps) {
  const fiat = new URLSearchParams(search).get('fiat');
  const links: LinkContext = { base, fiatParam: isMarketFiat(fiat) ? fiat : null };
  return (
    <Router base={base} {...(ssrPath === undefined ? {} : { ssrPath, ssrSearch: search })}>
      <MarketsFrame links={links} current={data.page === 'prices' ? 'prices' : data.page === 'coin' ? 'coin' : 'none'}>
        {data.page === 'prices' ? <PricesPage data={data} links={links} initialQuery={query} /> : null}
        {data.page === 'coin' ? <CoinPage data={data} links={links} /> : null}
        {data.page === 'not-found' ? <NotFoundPage /> : null}
      </MarketsFrame>
    </Router>
  );
}
