// The last 24 hours as a line: only the shape matters, so the prices are scaled into the box
// (JavaScript numbers are fine for drawing; the figures on the page come from the decimal strings).
import type { Trend } from '../market-format.ts';

export const SPARK_WIDTH = 120;
export const SPARK_HEIGHT = 36;

/** The SVG path through the points, or '' with fewer than two. */
export function sparkPath(prices: readonly string[], width = SPARK_WIDTH, height = SPARK_HEIGHT): string {
  const values = prices.map(Number).filter(Number.isFinite);
  if (values.length < 2) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const pad = 2;
  return values
    .map((value, index) => {
      const x = (index / (values.length - 1)) * width;
      // A line that did not move is drawn level through the middle, not along the floor.
      const y = span === 0 ? height / 2 : pad + (1 - (value - min) / span) * (height - 2 * pad);
      return `${index === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
    })
    .join('');
}

export function Sparkline({ prices, trend, label }: { prices: readonly string[]; trend: Trend; label: string }) {
  const path = sparkPath(prices);
  if (!path) return null;
  return (
    <svg className={`sparkline sparkline--${trend}`} viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`} width={SPARK_WIDTH} height={SPARK_HEIGHT} role="img" aria-label={label} preserveAspectRatio="none">
      <path d={path} />
    </svg>
  );
}
