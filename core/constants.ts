// The business constants and limits of spec §9, named with their unit last (`_S`, `_MS`, `_PX`)
// so a reader never has to guess whether 900 means seconds or milliseconds.
// Amount-shaped constants are decimal strings, like every amount (see money.ts).

/** Widget payment timer: the buyer has 15 minutes to pay. */
export const WIDGET_TIMER_S = 900;

/** Session cookies live 18000 s (5 h); the server's sliding expiry uses the same figure. */
export const SESSION_COOKIE_S = 18_000;

/** The flow token cookie lives 12000 s: a guest checkout abandoned longer than that starts over. */
export const FLOW_COOKIE_S = 12_000;

/** The member app refreshes balances every 10 s. */
export const BALANCE_REFRESH_MS = 10_000;

/** Length of the account value count-up animation in the sidebar. */
export const ACCOUNT_VALUE_ANIMATION_MS = 1_500;

/** Modals close themselves this long after a route change. */
export const MODAL_AUTO_HIDE_MS = 500;

/** Responsive breakpoints (min-width), the same scale as the layouts' CSS. */
export const BREAKPOINTS_PX = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;

/** Links are prefetched after this much idle time (skipped on 2g or data-saver). */
export const PREFETCH_IDLE_MS = 2_000;

/** Default delay before a fetch starts, so fast navigations do not fire requests they discard. */
export const FETCH_DELAY_MS = 200;

/** The widget header is shown only for amounts of 50 or more (compared in minor units, see widget-header.ts). */
export const WIDGET_HEADER_MIN_AMOUNT = '50';

/** ip_country when the country locator answered nothing. */
export const IP_COUNTRY_FALLBACK = 'GB';

/** Spec §8: after a failed chunk load the app reloads at most once in this window, so a broken deploy cannot loop. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;
