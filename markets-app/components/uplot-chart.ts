// The chart drawing, in its own chunk: uPlot (about 20 KB gzip) is imported by nothing else, so the
// prices list and the coin page's first paint never download it. Colours come from the theme's
// custom properties, so each provider's chart wears its brand.
import uPlot from 'uplot';
import type { ChartRange } from '#core/contract/rates.ts';
import type { ChartPoint } from './chart-points.ts';

export interface ChartHandle {
  update(points: readonly ChartPoint[], range: ChartRange): void;
  destroy(): void;
}

const HEIGHT_PX = 300;

function columns(points: readonly ChartPoint[]): uPlot.AlignedData {
  return [points.map(([t]) => t), points.map(([, price]) => Number(price))];
}

function timeLabel(range: ChartRange): (seconds: number) => string {
  const locale = document.documentElement.lang || 'en';
  const format =
    range === '1d'
      ? new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' })
      : range === '1y'
        ? new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit' })
        : new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  return (seconds) => format.format(new Date(seconds * 1000));
}

export function drawChart(element: HTMLElement, points: readonly ChartPoint[], range: ChartRange, money: (value: string) => string): ChartHandle {
  const style = getComputedStyle(document.documentElement);
  const primary = style.getPropertyValue('--color-primary').trim() || '#053f2e';
  const soft = style.getPropertyValue('--color-primary-soft').trim() || '#ebf0ee';
  const grid = style.getPropertyValue('--color-border').trim() || '#e4e7ec';
  let label = timeLabel(range);
  const options: uPlot.Options = {
    width: Math.max(element.clientWidth, 280),
    height: HEIGHT_PX,
    legend: { show: false },
    cursor: { y: false, points: { size: 8 } },
    scales: { x: { time: true } },
    axes: [
      { stroke: '#475467', grid: { stroke: grid, width: 1 }, ticks: { show: false }, values: (_u, splits) => splits.map((split) => label(split)) },
      { stroke: '#475467', grid: { stroke: grid, width: 1 }, ticks: { show: false }, size: 90, values: (_u, splits) => splits.map((split) => money(split.toFixed(2))) },
    ],
    series: [{}, { stroke: primary, width: 2, fill: soft, points: { show: false } }],
  };
  const plot = new uPlot(options, columns(points), element);
  const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT_PX }));
  resize.observe(element);
  return {
    update(next, nextRange) {
      label = timeLabel(nextRange);
      plot.setData(columns(next));
    },
    destroy() {
      resize.disconnect();
      plot.destroy();
    },
  };
}
