// The chain layer's first speed target: a payment in the node's mempool to payment-detected, on a platform whose
// LTC is watched on a local litecoind (regtest). Timed from sendtoaddress's answer (the transaction is then
// in the node's mempool) to (a) the merchant status API answering 'processing' (asked every 20 ms), and (b)
// the payment-detected event a merchant page gets from pay.js in headless Chromium. (b) adds the widget's
// status poll, whose interval is printed beside it. Prints figures; asserts nothing.

import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import type { LocalLitecoind } from '../../server/chain/nodes/index.ts';
import { AWAITING_PAYMENT_POLL_MS } from '../../iframe-app/widget/payment-view.ts';
import { browserRuns, sortedFigures, startMerchantPage } from './browser-runs.ts';
import type { MerchantCredentials } from './merchant-bench.ts';

const STATUS_ASK_MS = 20;

interface LtcPayment {
  token: string;
  address: string;
  amount: string;
}

async function createLtcPayment(base: string, merchant: MerchantCredentials): Promise<LtcPayment> {
  const response = await fetch(`${base}/mapi/api/transaction`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', authorization: `Bearer ${merchant.secretKey}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ merchant_id: merchant.merchantId, currency_1_iso: 'LTC', amount: '10.00', currency: 'EUR', transaction_product: 'Chain bench' }),
  });
  const json = (await response.json()) as { request_details?: { transaction_token: string; currency_1_address: string; currency_1_amount: string } };
  if (!json.request_details) throw new Error(`creating an LTC payment answered ${response.status}`);
  const { transaction_token: token, currency_1_address: address, currency_1_amount: amount } = json.request_details;
  return { token, address, amount };
}

async function statusOf(base: string, merchant: MerchantCredentials, token: string): Promise<string> {
  const response = await fetch(`${base}/mapi/api/transaction/status`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ merchant_id: merchant.merchantId, transaction_id: token }),
  });
  const json = (await response.json()) as { request_details?: { status: string } };
  return json.request_details?.status ?? `http ${response.status}`;
}

export async function detectViaStatusApi(base: string, merchant: MerchantCredentials, node: LocalLitecoind, n: number): Promise<Record<string, unknown>> {
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < n; i++) {
    const payment = await createLtcPayment(base, merchant);
    await node.rpc<string>('sendtoaddress', [payment.address, payment.amount]);
    const sent = performance.now();
    const deadline = sent + 10_000;
    let status = 'new';
    while (status === 'new' && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, STATUS_ASK_MS));
      status = await statusOf(base, merchant, payment.token);
    }
    if (status === 'processing') times.push(performance.now() - sent);
    else failures++;
    // Keep the wallet's unconfirmed chain short (litecoind limits a chain of unconfirmed spends to 25).
    if (i % 10 === 9) await node.mine(1);
  }
  const f = sortedFigures(times);
  return { payments: n, 'median_ms (mempool -> processing)': f.median, p90_ms: f.p90, min_ms: f.min, max_ms: f.max, failures, 'status asked every': `${STATUS_ASK_MS} ms` };
}

/**
 * (b) In the browser: a merchant page (another site) opens an LTC payment with pay.js; once the pay screen is
 * up, the node's wallet pays it; send's answer -> the page's payment-detected event.
 */
export async function detectInBrowser(platformOrigin: string, merchant: MerchantCredentials, node: LocalLitecoind, runs: number): Promise<Record<string, unknown>> {
  const shop = await startMerchantPage(platformOrigin);
  try {
    const { times, failures, lastError } = await browserRuns(runs, async (page) => {
      const payment = await createLtcPayment(platformOrigin, merchant);
      await page.goto(`${shop.origin}/`);
      await page.waitForFunction(() => 'PayKit' in window);
      await page.evaluate(
        ([merchantId, token]) => {
          const w = window as unknown as { PayKit: { open(o: object): { on(e: string, f: () => void): unknown } }; detectedAt?: number };
          w.PayKit.open({ merchantId, token }).on('payment-detected', () => {
            w.detectedAt = performance.timeOrigin + performance.now();
          });
        },
        [merchant.merchantId, payment.token] as const,
      );
      await page.frameLocator('iframe[title="Checkout"]').getByRole('button', { name: 'Copy the address' }).waitFor({ state: 'visible', timeout: 15_000 });
      // The amount as the decimal text the platform gave, never through a float.
      await node.rpc<string>('sendtoaddress', [payment.address, payment.amount]);
      // Wall clocks of one machine: the page's and ours are the same clock.
      const sentAt = performance.timeOrigin + performance.now();
      const detectedAt = await page.waitForFunction(() => (window as unknown as { detectedAt?: number }).detectedAt, undefined, { timeout: 15_000, polling: 10 });
      return ((await detectedAt.jsonValue()) as number) - sentAt;
    });
    const f = sortedFigures(times);
    return {
      checkouts: runs,
      'median_ms (mempool -> payment-detected)': f.median,
      min_ms: f.min,
      max_ms: f.max,
      failures,
      'widget status poll on the pay page': `${AWAITING_PAYMENT_POLL_MS} ms`,
      ...(lastError ? { 'last error': lastError } : {}),
    };
  } finally {
    await shop.close();
  }
}
