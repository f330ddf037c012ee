import type { Locale } from '#core/language.ts';
import { formatChange, trendOf } from '../market-format.ts';

/** A change in percent, coloured and marked with an arrow (the colour is never the only sign: the text has + or −). */
export function ChangeText({ change, locale }: { change: string | null; locale: Locale }) {
  if (change === null) return <span className="change change--none">—</span>;
  const trend = trendOf(change);
  return (
    <span className={`change change--${trend}`}>
      <span className="change__arrow" aria-hidden="true">{trend === 'up' ? '▲' : trend === 'down' ? '▼' : '•'}</span>
      {formatChange(change, locale)}
    </span>
  );
}
