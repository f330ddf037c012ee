import type { ReactNode } from 'react';
import type { Locale } from '#core/language.ts';
import type { CoinPageData } from '#core/markets/markets-page-data.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useMarketsT } from '../i18n/use-markets-t.ts';

const GROUPING: Record<Locale, string> = { en: 'en-GB', es: 'es-ES' };

/** The coin's stable, checkable facts (core/markets/coin-info registry); a fact we do not hold is left out. */
export function CoinFacts({ coin }: { coin: CoinPageData['coin'] }) {
  const t = useMarketsT();
  const locale = useBootStore((state) => state.locale);
  const { facts } = coin;
  const rows: [string, ReactNode][] = [[t('coin.fact.ticker'), coin.iso]];
  if (facts.launched !== undefined) rows.push([t('coin.fact.launched'), String(facts.launched)]);
  const consensus = locale === 'es' ? (facts.consensus_es ?? facts.consensus) : facts.consensus;
  if (consensus) rows.push([t('coin.fact.consensus'), consensus]);
  // Digits to a grouped number through BigInt: supplies reach 10^11, and Intl groups BigInt exactly.
  if (facts.maxSupply) rows.push([t('coin.fact.maxSupply'), `${new Intl.NumberFormat(GROUPING[locale], { useGrouping: 'always' } as Intl.NumberFormatOptions).format(BigInt(facts.maxSupply))} ${coin.iso}`]);
  else if (facts.supply === 'no-fixed-cap') rows.push([t('coin.fact.maxSupply'), t('coin.fact.noCap')]);
  else if (facts.supply === 'issued-against-reserves') rows.push([t('coin.fact.maxSupply'), t('coin.fact.reserves')]);
  if (facts.decimals !== undefined) rows.push([t('coin.fact.decimals'), t('coin.fact.decimalsValue', { decimals: facts.decimals })]);
  if (facts.website) {
    rows.push([t('coin.fact.website'), <a href={facts.website} rel="noopener noreferrer external">{facts.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}</a>]);
  }
  return (
    <aside className="coin-facts" aria-labelledby="coin-facts-title">
      <h2 id="coin-facts-title" className="coin-facts__title">{t('coin.facts')}</h2>
      <dl className="coin-facts__list">
        {rows.map(([term, value]) => (
          <div key={term} className="coin-facts__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
