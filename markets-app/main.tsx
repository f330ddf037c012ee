// The markets site (Preact through preact/compat, like the iframe app; 60 KB gzip budget for the first
// load, the chart chunk apart). The server rendered the page with its data (server/markets/): this
// entry reads the same BootData and page data from their JSON blocks and hydrates that HTML, so the
// page is readable before any script runs and interactive once this has.
import { hydrateRoot } from 'react-dom/client';
import * as v from 'valibot';
import { BOOT_ELEMENT_ID } from '#core/boot.ts';
import { parseListQuery } from '#core/markets/market-list-query.ts';
import { MARKETS_DATA_ELEMENT_ID, MarketsPageDataSchema } from '#core/markets/markets-page-data.ts';
import { parseBootData } from '#ui/boot/boot-data.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { MarketsRoot } from './markets-root.tsx';

function readJson(id: string): unknown {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? 'null');
  } catch {
    return null;
  }
}

const { boot } = parseBootData(document.getElementById(BOOT_ELEMENT_ID)?.textContent, location.pathname);
const data = v.safeParse(MarketsPageDataSchema, readJson(MARKETS_DATA_ELEMENT_ID));
const root = document.getElementById('root');
// Without trustworthy data the server's HTML stays as it is: a readable page beats a broken one.
if (root && data.success && boot.locale) {
  useBootStore.setState({ boot, locale: boot.locale, notFound: boot.status === 404 });
  const search = location.search.replace(/^\?/, '');
  const query = parseListQuery(Object.fromEntries(new URLSearchParams(search)));
  hydrateRoot(root, <MarketsRoot base={boot.base} search={search} data={data.output} query={query} />);
}
