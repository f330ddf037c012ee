// How long a wire has waited, as an operator scans a list: minutes under an hour, hours under two
// days, then days. Whole units, rounded down (a wire is never older than it says).

export type Waiting = { unit: 'minute' | 'hour' | 'day'; value: number };

export function waitingTime(since: Date, now: Date): Waiting {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  if (minutes < 60) return { unit: 'minute', value: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hour', value: hours };
  return { unit: 'day', value: Math.floor(hours / 24) };
}

/** "5 min", "3 hours", "2 days" in the page's language (Intl's own words, short form). */
export function waitingText(waiting: Waiting, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: waiting.unit, unitDisplay: 'long' }).format(waiting.value);
}
