import { describe, it, expect } from 'vitest';
import * as c from './constants.ts';

// Each constant against the figure spec §9 states, so a change to one is a deliberate change to the spec.
describe('business constants of spec §9', () => {
  const table: [string, unknown, unknown][] = [
    ['widget payment timer 900 seconds', c.WIDGET_TIMER_S, 900],
    ['session cookies 18000 seconds', c.SESSION_COOKIE_S, 18000],
    ['flow token cookie 12000 seconds', c.FLOW_COOKIE_S, 12000],
    ['balance refresh every 10 s', c.BALANCE_REFRESH_MS, 10000],
    ['account value animation 1500 ms', c.ACCOUNT_VALUE_ANIMATION_MS, 1500],
    ['modal auto-hide 500 ms after route change', c.MODAL_AUTO_HIDE_MS, 500],
    ['breakpoints 576, 768, 992, 1200, 1400', Object.values(c.BREAKPOINTS_PX), [576, 768, 992, 1200, 1400]],
    ['link prefetch idle timeout 2000 ms', c.PREFETCH_IDLE_MS, 2000],
    ['fetch delay 200 ms by default', c.FETCH_DELAY_MS, 200],
    ['widget header only for amount 50 or more', c.WIDGET_HEADER_MIN_AMOUNT, '50'],
    ['IP country fallback GB', c.IP_COUNTRY_FALLBACK, 'GB'],
    ['failed chunk load reloads at most once per 60 seconds', c.CHUNK_RELOAD_WINDOW_MS, 60000],
  ];
  it.each(table)('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
