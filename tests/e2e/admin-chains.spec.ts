// The console's Chains page as a support operator meets it in test mode: every chain family on the
// built-in test network, reachable, with our height and the node's (the test network's tip, which the
// block producer moves every second) and no lag; the page refreshes on its own; no hot wallet, said in
// words. Screenshots at 1280 and 390 px (no sideways scrolling on the phone).
import { expect, test, type Page } from '@playwright/test';
import { signInOperator } from './admin-helpers.ts';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/admin-chains';
const FAMILIES = ['Bitcoin', 'Litecoin', 'Bitcoin Cash', 'Ethereum'];

/** "ours / node's" of a family's card, as numbers. */
async function heights(page: Page, family: string): Promise<[number, number]> {
  const text = await page.getByRole('region', { name: family, exact: true }).getByTestId('chain-heights').innerText();
  const match = /^([\d,]+) \/ ([\d,]+)$/.exec(text.trim());
  if (!match) throw new Error(`heights of ${family}: ${text}`);
  return [Number(match[1]!.replaceAll(',', '')), Number(match[2]!.replaceAll(',', ''))];
}

test('support sees the test network\'s chains with their heights, refreshed while the page is open', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOperator(page, 'support');
  await page.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Chains' }).click();
  await expect(page).toHaveURL(/\/sys-admin\/chains$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Chains' })).toBeVisible();

  for (const family of FAMILIES) {
    const card = page.getByRole('region', { name: family, exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByRole('row', { name: /Backend and network/ })).toContainText('Built-in test network on the test network');
    await expect(card.getByRole('row', { name: /Node reachable/ })).toContainText('Yes, it answers');
    await expect(card.getByRole('row', { name: /^Lag/ })).toContainText('Up to date');
    await expect(card.getByText('Healthy', { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Ethereum', exact: true }).getByRole('row', { name: /Assets/ })).toHaveText(/ETH\s*USDT\s*USDC/);

  // The heights are the test network's tip, as its own status answers it.
  const tip = Number((await (await page.request.get('/v1/test-network/status')).json()).request_details.height);
  const [ours, node] = await heights(page, 'Bitcoin');
  expect(ours).toBe(node);
  expect(Math.abs(ours - tip)).toBeLessThanOrEqual(6);
  // A block a second, a refresh every 5 s: the page shows a higher tip without a reload.
  await expect.poll(async () => (await heights(page, 'Bitcoin'))[0], { timeout: 15_000 }).toBeGreaterThan(ours);

  const hot = page.getByRole('region', { name: 'Hot wallets' });
  await expect(hot.getByText('No hot wallet is configured: payouts in this mode go through the test network')).toBeVisible();

  await page.screenshot({ path: `${SHOTS}/chains-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: 'Litecoin', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/chains-390.png`, fullPage: true });
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
});

// The states the test network never shows (it has no node to lose): the page's answer is replaced in
// the browser by one with a regtest node that stopped answering and a hot wallet, to see them written.
test('an unreachable node reads as such, in words, with its masked URL, last error and next attempt; hot wallets list their balances', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOperator(page, 'finance');
  await page.route('**/v1/admin/chains', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const details = body.request_details;
    details.chains = [
      {
        family: 'litecoin',
        assets: ['LTC'],
        backend: 'bitcoin-rpc',
        network: 'regtest',
        node: 'http://u:***@127.0.0.1:19443/wallet/w',
        reachable: false,
        node_height: null,
        height: 212,
        lag_blocks: null,
        last_round_at: new Date(Date.now() - 40_000).toISOString(),
        last_error: { message: 'connect ECONNREFUSED 127.0.0.1:19443', at: new Date(Date.now() - 2_000).toISOString() },
        retry_in_ms: 8_000,
      },
      { ...details.chains[3], backend: 'evm-rpc', network: 'regtest', node: 'http://127.0.0.1:8545', node_height: 130, height: 120, lag_blocks: 10 },
    ];
    details.hot_wallets = [
      { asset: 'LTC', balance: '12.50000000', pending: '0.25000000', address: null, error: null },
      { asset: 'USDT', balance: '1000.00000000', pending: '0.00000000', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', error: null },
      { asset: 'ETH', balance: null, pending: '0.00000000', address: null, error: 'no answer from http://127.0.0.1:8545' },
    ];
    await route.fulfill({ response, json: body });
  });
  await page.goto('/sys-admin/chains');

  const litecoin = page.getByRole('region', { name: 'Litecoin', exact: true });
  await expect(litecoin.getByText('Node unreachable', { exact: true })).toBeVisible();
  await expect(litecoin.getByRole('row', { name: /Node reachable/ })).toContainText('No, it does not answer');
  await expect(litecoin.getByRole('row', { name: /^Node\b(?! reachable)/ })).toContainText('http://u:***@127.0.0.1:19443/wallet/w');
  await expect(litecoin.getByRole('row', { name: /Our height/ })).toContainText('212 / not known yet');
  await expect(litecoin.getByRole('row', { name: /Last error/ })).toContainText('connect ECONNREFUSED 127.0.0.1:19443 at');
  await expect(litecoin.getByRole('row', { name: /Next attempt/ })).toContainText('Trying the node again in 8\u00a0s');
  await expect(litecoin.getByRole('row', { name: /Backend and network/ })).toContainText('Bitcoin Core JSON-RPC on the local regtest chain');

  const ethereum = page.getByRole('region', { name: 'Ethereum', exact: true });
  await expect(ethereum.getByText('Behind', { exact: true })).toBeVisible();
  await expect(ethereum.getByRole('row', { name: /^Lag/ })).toContainText('10 blocks behind');

  const wallets = page.getByTestId('hot-wallet');
  await expect(wallets).toHaveCount(3);
  await expect(wallets.first()).toContainText('LTC');
  await expect(wallets.first()).toContainText('The node wallet gives a new one each time');
  await expect(wallets.nth(1)).toContainText('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  // A wallet whose node cannot be read says so in words, never as a 0.
  await expect(wallets.nth(2)).toContainText('Cannot be read: no answer from http://127.0.0.1:8545');
  await expect(page.getByRole('columnheader', { name: 'Accepted, not yet sent' })).toBeVisible();

  await page.screenshot({ path: `${SHOTS}/chains-degraded-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(litecoin).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/chains-degraded-390.png`, fullPage: true });
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
});
