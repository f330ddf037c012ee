// The module directories of spec §2, the route patterns of each (the spec's table) and which of
// them have a page in this build. Shared by the server, which answers HTTP 404 for a path with no
// page (so crawlers and monitors see a real status, not a 200 that says "not found"), and the client
// routers, whose page lists are held equal to MODULE_PAGES by their tests.

export const MODULES = [
  'sys-wallets',
  'sys-flow',
  'sys-remitflow',
  'sys-widget',
  'sys-buywidget',
  'sys-markets',
  'sys-blocked',
  'sys-maintenance',
  // The provider's operator console (not in spec §2: the staff's own module, never framed or indexed).
  'sys-admin',
] as const;

export type ModuleName = (typeof MODULES)[number];

/**
 * Which bundle serves a module: the size-budgeted Preact build, the React member app, or the markets
 * site (Preact, rendered on the server first: server/markets/, markets-app/).
 */
export const MODULE_APP: Record<ModuleName, 'iframe-app' | 'member-app' | 'markets-app'> = {
  'sys-wallets': 'member-app',
  'sys-markets': 'markets-app',
  'sys-blocked': 'member-app',
  'sys-maintenance': 'member-app',
  'sys-widget': 'iframe-app',
  'sys-buywidget': 'iframe-app',
  'sys-flow': 'iframe-app',
  'sys-remitflow': 'iframe-app',
  'sys-admin': 'member-app',
};

/**
 * Route patterns per module, relative to the module prefix, in wouter's syntax
 * (":name" is a parameter, a trailing "?" makes it optional). "/error" is in every module:
 * it is where a missing configuration or an unrecoverable failure lands.
 */
export const MODULE_ROUTES: Record<ModuleName, readonly string[]> = {
  'sys-wallets': [
    '/',
    '/login',
    '/login/token',
    '/register',
    '/register/personal_details',
    '/register/address_details',
    '/forget-password',
    '/change-password',
    '/double-auth',
    '/verification',
    '/wallets',
    '/wallets/:coin',
    '/buy',
    '/sell',
    '/trade',
    '/exchange',
    '/deposit',
    '/withdrawal',
    '/transactions',
    '/merchantTransactions',
    '/merchantSettlements',
    '/merchantSettlements/:tab',
    '/generatePaymentLink',
    '/profile',
    '/compliance',
    '/onboarding',
    '/onboarding/compliance',
    '/review',
    '/processing',
    '/processing_online',
    // The buyer's refund claim (?token=...): public, no account; in the member app because it is the
    // provider's own branded site the refund mail links to (not a shop's checkout frame).
    '/refund',
    '/error',
  ],
  'sys-flow': FLOW_ROUTES(),
  'sys-remitflow': FLOW_ROUTES(),
  'sys-widget': ['/', '/home', '/payment', '/payment-detected', '/payment-failed', '/payment-success', '/redirect', '/error'],
  // The buy widget's start ('/'), then the guest flow's steps under its own prefix: the flow runs inside
  // the merchant's frame as one document, so the SDK's channel (opened once, at the frame's first load)
  // survives every step; a navigation of the frame to /sys-flow/... would lose it.
  'sys-buywidget': BUY_WIDGET_ROUTES(),
  'sys-markets': ['/', '/prices', '/prices/:id', '/error'],
  'sys-blocked': ['/', '/:slug', '/error'],
  'sys-maintenance': ['/', '/:slug', '/error'],
  // The operator console (member-app/admin/): every area's pages.
  'sys-admin': [
    '/login',
    '/',
    '/compliance',
    '/compliance/:userId',
    '/members',
    '/members/:id',
    '/money',
    '/money/:tab',
    '/chains',
    '/merchants',
    '/merchants/:id',
    '/fees',
    '/whitelabel',
    '/audit',
    '/error',
  ],
};

function FLOW_ROUTES(): readonly string[] {
  return [
    '/',
    '/buy/widget',
    '/details',
    '/payment',
    '/compliance',
    '/kyc',
    '/wire',
    '/online_banking',
    '/review',
    '/processing',
    '/processing_online',
    '/invoice',
    '/test',
    '/error',
  ];
}

/** The buy widget's routes: its own start, then every route of the flow but the flow's own starts. */
function BUY_WIDGET_ROUTES(): readonly string[] {
  return ['/', ...FLOW_ROUTES().filter((route) => !isFlowStart(route))];
}

function isFlowStart(route: string): boolean {
  return route === '/' || route === '/buy/widget' || route === '/test';
}

/**
 * The routes of MODULE_ROUTES whose page is not built yet: they answer 404 until it is. A module
 * listed as `'all'` has no page yet at all (its /error still works: the shared error page).
 */
const NOT_BUILT: Partial<Record<ModuleName, 'all' | readonly string[]>> = {
  // The guest flow has every page: its start (/, /buy/widget, /test), /details, the card's /payment and
  // /processing, verify account (/compliance, /kyc), the bank methods' pages and the invoice. The remittance
  // has its start, the flow's step pages and the sender's status (/invoice); the buy start is not its own.
  'sys-remitflow': ['/buy/widget'],
};

// Pure: a bundle that reads only isModuleName leaves the route tables out.
/* @__NO_SIDE_EFFECTS__ */
function pagesOf(module: ModuleName): readonly string[] {
  // The buy widget has the flow's step pages exactly when the flow has them (iframe-app/routes.ts).
  if (module === 'sys-buywidget') return ['/', ...pagesOf('sys-flow').filter((route) => !isFlowStart(route))];
  const missing = NOT_BUILT[module];
  return missing === 'all' ? [] : MODULE_ROUTES[module].filter((route) => route !== '/error' && !missing?.includes(route));
}

/** The routes that have a page in this build, per module (without /error, which every module has). */
export const MODULE_PAGES: Record<ModuleName, readonly string[]> = {
  'sys-wallets': pagesOf('sys-wallets'),
  'sys-flow': pagesOf('sys-flow'),
  'sys-remitflow': pagesOf('sys-remitflow'),
  'sys-widget': pagesOf('sys-widget'),
  'sys-buywidget': pagesOf('sys-buywidget'),
  'sys-markets': pagesOf('sys-markets'),
  'sys-blocked': pagesOf('sys-blocked'),
  'sys-maintenance': pagesOf('sys-maintenance'),
  'sys-admin': pagesOf('sys-admin'),
};

export function isModuleName(value: string): value is ModuleName {
  return (MODULES as readonly string[]).includes(value);
}

/**
 * Does a path (already stripped of its module prefix) match one of the module's routes?
 * Parameters match one non-empty segment; the server and the client routers agree on this.
 */
export function matchesModuleRoute(module: ModuleName, path: string): boolean {
  return matchesAny(MODULE_ROUTES[module], path);
}

/** Does a path (stripped of its module prefix) lead to a page of this build? Its /error always does. */
export function hasModulePage(module: ModuleName, path: string): boolean {
  return matchesAny(['/error', ...MODULE_PAGES[module]], path);
}

function matchesAny(patterns: readonly string[], path: string): boolean {
  const clean = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path || '/';
  return patterns.some((pattern) => patternMatches(pattern, clean));
}

function patternMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  if (have.length > want.length) return false;
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const h = have[i];
    const optional = w.endsWith('?');
    if (h === undefined) return optional;
    if (w.startsWith(':')) {
      if (h === '') return false;
      continue;
    }
    if (w !== h) return false;
  }
  return true;
}
