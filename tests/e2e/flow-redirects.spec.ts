import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { approveIdentity, authoriseCard, enterCodes, payAndClear, startCheckout } from './flow-api-helpers.ts';

// Spec §4's flow redirects, row by row, in the browser: each checkout is brought to its state through the
// real API in the browser context's own cookie jar (the test route, a new person, the test card, the codes
// from the dev outbox, the test KYC provider; no database writes), then a page it does not belong on is
// opened and the flow sends the visitor where the rule says, which shows its own page. Screenshots of
// where each row lands, at 1280 and 390 wide, in /tmp/shots-flow-redirects.
const SHOTS = '/tmp/shots-flow-redirects';

interface Row {
  rule: string;
  /** Brings the browser's checkout to the state of the rule (nothing: no flow token at all). */
  setup: (api: APIRequestContext, baseURL: string | undefined) => Promise<void>;
  opens: string;
  lands: RegExp;
  /** What the page it lands on shows: its heading, and a line that says the checkout's state. */
  shows: { heading: string; text?: RegExp };
}

const ROWS: Row[] = [
  {
    rule: 'no flow token goes to /',
    setup: async () => {},
    opens: '/sys-flow/invoice',
    lands: /\/sys-flow\/?$/,
    shows: { heading: 'Buy crypto' },
  },
  {
    rule: 'Credit Card with no payment_status goes to /payment',
    setup: async (api, baseURL) => void (await startCheckout(api, baseURL, { tag: 'redirect-card' })),
    opens: '/sys-flow/invoice',
    lands: /\/sys-flow\/payment$/,
    shows: { heading: 'Payment' },
  },
  {
    rule: 'a bank method with verified != 1 goes to /compliance',
    setup: async (api, baseURL) => void (await startCheckout(api, baseURL, { tag: 'redirect-sepa', method: 'SEPA' })),
    opens: '/sys-flow/review',
    lands: /\/sys-flow\/compliance$/,
    shows: { heading: 'Verify your account' },
  },
  {
    rule: 'a bank method verified goes to /review',
    setup: async (api, baseURL) => {
      // Verified is the whole verify account step: the codes, then the identity.
      const checkout = await startCheckout(api, baseURL, { tag: 'redirect-sepa-ok', method: 'SEPA' });
      await enterCodes(api, checkout);
      await approveIdentity(api, checkout);
    },
    opens: '/sys-flow/payment',
    lands: /\/sys-flow\/review$/,
    shows: { heading: 'Confirm your order' },
  },
  {
    rule: 'a card authorised (not on /processing) goes to /compliance',
    setup: async (api, baseURL) => void (await authoriseCard(api, await startCheckout(api, baseURL, { tag: 'redirect-held' }))),
    opens: '/sys-flow/payment',
    lands: /\/sys-flow\/compliance$/,
    shows: { heading: 'Verify your account' },
  },
  {
    rule: 'a card authorised stays on /processing',
    setup: async (api, baseURL) => void (await authoriseCard(api, await startCheckout(api, baseURL, { tag: 'redirect-held-processing' }))),
    opens: '/sys-flow/processing',
    lands: /\/sys-flow\/processing$/,
    shows: { heading: 'Confirming your payment', text: /Your card is held for 30\.00 EUR/ },
  },
  {
    rule: 'successful goes to /invoice',
    setup: async (api, baseURL) => void (await payAndClear(api, await startCheckout(api, baseURL, { tag: 'redirect-paid' }))),
    opens: '/sys-flow/payment',
    lands: /\/sys-flow\/invoice$/,
    shows: { heading: 'Your invoice' },
  },
];

for (const [index, row] of ROWS.entries()) {
  test(`spec §4: ${row.rule} (opening ${row.opens})`, async ({ page, baseURL }) => {
    await row.setup(page.request, baseURL);
    await page.goto(row.opens);
    await expect(page).toHaveURL(row.lands);
    await expect(page.getByRole('heading', { level: 1, name: row.shows.heading })).toBeVisible();
    if (row.shows.text) await expect(page.getByText(row.shows.text)).toBeVisible();
    // It stays there: the page it landed on is the one the rule names, not a step on the way.
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(row.lands);
    mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/${index + 1}-${row.opens.split('/').pop()}-to-${row.lands.source.replace(/[^a-z]/g, '').replace(/^sysflow/, '') || 'start'}-${width}.png`, fullPage: true });
    }
  });
}
