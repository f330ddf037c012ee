// The checkout paid from REAL node wallets: the platform runs on local nodes (litecoind regtest for LTC,
// anvil for the test USDT; tests/e2e/serve-on-nodes.ts), the buyer opens the demo shop's checkout, reads
// the address and amount off the widget and pays them from the node's own wallet, as a buyer's wallet
// would. The node watchers see the transaction (LTC in the mempool, USDT in its block), the shop page
// hears payment-detected, the blocks the nodes mine every second confirm it, and payment-success follows.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { createWalletClient, http, parseUnits, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { ERC20_ABI, jsonRpc } from '../../server/chain/nodes/index.ts';
import type { LocalNodesInfo } from '../../scripts/local-nodes.ts';
import { NODES_FILE } from './nodes-file.ts';

const SHOP = `http://127.0.0.1:${Number(process.env.E2E_SHOP_PORT ?? 4180) + 40}`;

function nodes(): LocalNodesInfo {
  return JSON.parse(readFileSync(NODES_FILE, 'utf8')) as LocalNodesInfo;
}

const checkoutOf = (page: Page): FrameLocator => page.frameLocator('iframe[title="Checkout"]');
const logged = (page: Page, name: string) => page.locator(`#event-log li[data-kind="event"][data-event="${name}"]`);

/** Buys the product in the demo shop and chooses `coin`; answers what the widget says to send where. */
async function checkoutIn(page: Page, coin: 'LTC' | 'USDT'): Promise<{ address: string; amount: string; orderId: string }> {
  await page.goto(SHOP);
  await expect.poll(() => page.evaluate(() => typeof window.PayKit?.open)).toBe('function');
  const created = page.waitForResponse((response) => response.url() === `${SHOP}/api/orders` && response.request().method() === 'POST');
  await page.locator('button.buy[data-product-id="walnut-lamp"]').click();
  const orderId = ((await (await created).json()) as { id: string }).id;
  const checkout = checkoutOf(page);
  await expect(checkout.getByRole('heading', { level: 1, name: 'Choose a coin' })).toBeVisible({ timeout: 15_000 });
  // Only the coins whose chain has a node are offered: BTC and BCH have none here.
  await expect(checkout.getByRole('button', { name: /\bBTC$/ })).toHaveCount(0);
  await checkout.getByRole('button', { name: new RegExp(`\\b${coin}$`) }).click();
  await expect(checkout.getByRole('heading', { level: 1, name: `Pay with ${coin}` })).toBeVisible();
  // No test-network faucet on real nodes: the buyer pays from a wallet.
  await expect(checkout.getByRole('button', { name: 'Pay with test coins' })).toHaveCount(0);
  await expect(checkout.getByText(/local test chain \(regtest\)/)).toBeVisible();
  const values = checkout.locator('.copy-field__value');
  const amount = (await values.nth(0).innerText()).replace(` ${coin}`, '').trim();
  const address = (await values.nth(1).innerText()).trim();
  return { address, amount, orderId };
}

/** The shop's server has the order paid, by the verified webhook, in `coin`. */
async function expectPaidIn(request: APIRequestContext, orderId: string, coin: string): Promise<void> {
  await expect
    .poll(async () => ((await (await request.get(`${SHOP}/api/orders/${orderId}`)).json()) as { status: string; paid_by: string | null; payment: { currency_1_iso: string; status: string } }), { timeout: 20_000 })
    .toMatchObject({ status: 'paid', paid_by: 'webhook', payment: { currency_1_iso: coin, status: 'settled' } });
}

test('LTC paid from litecoind\'s wallet: detected from the mempool, then settled after its confirmations', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { address, amount, orderId } = await checkoutIn(page, 'LTC');
  expect(address).toMatch(/^rltc1q/);
  const txid = await jsonRpc<string>(nodes().litecoin.walletUrl, 'sendtoaddress', [address, amount]);
  expect(txid).toMatch(/^[0-9a-f]{64}$/);
  await expect(logged(page, 'payment-detected')).toHaveCount(1, { timeout: 10_000 });
  await expect(logged(page, 'payment-success')).toHaveCount(1, { timeout: 40_000 });
  await expect(logged(page, 'payment-success')).toContainText('"status": "settled"');
  await expect(checkoutOf(page).getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await expectPaidIn(request, orderId, 'LTC');
});

test('USDT paid by an ERC-20 transfer on anvil: detected in its block, then settled after its confirmations', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { address, amount, orderId } = await checkoutIn(page, 'USDT');
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  const info = nodes();
  const wallet = createWalletClient({ account: privateKeyToAccount(info.ethereum.payerKey as Hex), chain: foundry, transport: http(info.ethereum.rpcUrl) });
  await wallet.writeContract({ address: info.ethereum.tokens.USDT as Address, abi: ERC20_ABI, functionName: 'transfer', args: [address as Address, parseUnits(amount, 6)] });
  await expect(logged(page, 'payment-detected')).toHaveCount(1, { timeout: 10_000 });
  await expect(logged(page, 'payment-success')).toHaveCount(1, { timeout: 40_000 });
  await expect(logged(page, 'payment-success')).toContainText('"status": "settled"');
  await expectPaidIn(request, orderId, 'USDT');
});
