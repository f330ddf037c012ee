// The coin page's chart with its four ranges. The server rendered the range's summary and the range
// links (?range=7d: a page load, so the choice works without JavaScript); once hydrated, a range is
// fetched (getChartRates) and drawn by uPlot, which only this component loads, lazily, in its own chunk.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { FiatAsset } from '#core/assets.ts';
import type { ChartRange } from '#core/contract/rates.ts';
import type { ChartData, CoinPageData } from '#core/markets/markets-page-data.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useMarketsT } from '../i18n/use-markets-t.ts';
import { formatChange, formatPrice } from '../market-format.ts';
import { loadChart } from '../markets-api.ts';
import { summarise, toPagePoints, type ChartPoint } from './chart-points.ts';
import type { ChartHandle } from './uplot-chart.ts';

const RANGES: readonly ChartRange[] = ['1d', '7d', '30d', '1y'];

interface Props {
  coin: CoinPageData['coin'];
  fiat: FiatAsset;
  price: string;
  initial: ChartData;
}

export function PriceChart({ coin, fiat, price, initial }: Props) {
  const t = useMarketsT();
  const locale = useBootStore((state) => state.locale);
  const [range, setRange] = useState<ChartRange>(initial.range);
  const [loaded, setLoaded] = useState<Partial<Record<ChartRange, ChartPoint[]>>>({ [initial.range]: initial.points });
  const [status, setStatus] = useState<'ready' | 'loading' | 'failed'>('ready');
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartHandle | null>(null);
  const points = loaded[range];

  // Fetch a range the page does not hold yet.
  useEffect(() => {
    if (loaded[range]) return undefined;
    let live = true;
    setStatus('loading');
    void loadChart(coin.iso, fiat, range).then((answer) => {
      if (!live) return;
      if (!answer.ok) return setStatus('failed');
      setLoaded((current) => ({ ...current, [range]: toPagePoints(answer.data.points, price) }));
      setStatus('ready');
    });
    return () => {
      live = false;
    };
  }, [range, loaded, coin.iso, fiat, price]);

  // Draw (the chart library arrives on first use) and redraw on every range.
  useEffect(() => {
    if (!points || !box.current) return;
    let live = true;
    const element = box.current;
    void import('./uplot-chart.ts').then(
      ({ drawChart }) => {
        if (!live) return;
        if (chart.current) chart.current.update(points, range);
        else chart.current = drawChart(element, points, range, (value) => formatPrice(value, fiat, locale));
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [points, range, fiat, locale]);
  useEffect(() => () => chart.current?.destroy(), []);

  const choose = (next: ChartRange) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setRange(next);
    const search = new URLSearchParams(location.search);
    search.set('range', next);
    history.replaceState(history.state, '', `${location.pathname}?${search.toString()}`);
  };
  const summary = points ? summarise(points) : null;

  return (
    <section className="coin-chart" aria-labelledby="coin-chart-title">
      <div className="coin-chart__head">
        <h2 id="coin-chart-title" className="coin-chart__title">{t('coin.chart')}</h2>
        <nav aria-label={t('coin.chartRange')}>
          <ul className="range-tabs">
            {RANGES.map((option) => (
              <li key={option}>
                <a
                  className="range-tabs__tab"
                  href={`?range=${option}`}
                  aria-current={option === range ? 'true' : undefined}
                  onClick={choose(option)}
                >
                  <span aria-hidden="true">{t(`coin.range.${option}`)}</span>
                  <span className="visually-hidden">{t(`coin.rangeName.${option}`)}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="coin-chart__plot" ref={box} aria-hidden="true" data-range={range} data-state={status} />
      <p className="coin-chart__summary" aria-live="polite">
        {status === 'failed'
          ? t('coin.chartFailed')
          : status === 'loading' || !summary
            ? t('coin.chartLoading')
            : t('coin.chartSummary', {
                name: coin.name,
                fiat,
                range: t(`coin.rangeName.${range}`),
                from: formatPrice(summary.from, fiat, locale),
                to: formatPrice(summary.to, fiat, locale),
                change: summary.change === null ? '—' : formatChange(summary.change, locale),
              })}
      </p>
    </section>
  );
}
