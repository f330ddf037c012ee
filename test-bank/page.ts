// The approval page, rendered on the server: who is paid, what for and how much, and the buyer's three
// choices as one form of buttons (no script at all, so it works by keyboard and screen reader as it is).
// Every page says TEST BANK — no real money at the top.

import type { BankPayment } from './payments.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** "1250" EUR reads "€12.50"; the currency's own number of decimals. */
export function formatAmount(amountMinor: string, currency: string): string {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const minor = BigInt(amountMinor);
  const scale = 10n ** BigInt(digits);
  const whole = minor / scale;
  const fraction = (minor % scale).toString().padStart(digits, '0');
  // Through a string so large sums keep every digit.
  return format.format(digits > 0 ? (`${whole}.${fraction}` as unknown as number) : (`${whole}` as unknown as number));
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · TEST BANK</title>
<link rel="stylesheet" href="/bank.css">
</head>
<body>
<header class="banner" role="banner"><span class="logo" aria-hidden="true">TB</span><p><strong>TEST BANK</strong> — no real money</p></header>
<main id="main">
${body}
</main>
<footer><p>This is the platform's test bank. Nothing here moves real money; every choice only tells the platform what a bank would.</p></footer>
</body>
</html>`;
}

export function renderApprovalPage(payment: BankPayment): string {
  const amount = formatAmount(payment.amount, payment.currency);
  return layout(
    'Approve payment',
    `<h1>Approve this payment?</h1>
<dl class="details">
<div><dt>Pay to</dt><dd>${escapeHtml(payment.payee)}</dd></div>
<div><dt>For</dt><dd>${escapeHtml(payment.description)}</dd></div>
<div class="amount"><dt>Amount</dt><dd>${escapeHtml(amount)}</dd></div>
<div><dt>Reference</dt><dd><code>${escapeHtml(payment.reference)}</code></dd></div>
</dl>
<form method="post" action="/approve/${escapeHtml(payment.id)}" class="choices">
<button type="submit" name="decision" value="approved" class="approve">Approve payment</button>
<button type="submit" name="decision" value="refused" class="refuse">Refuse</button>
<fieldset class="simulate">
<legend>Test the unhappy path</legend>
<p id="fail-hint">Pretend the bank broke down: the platform is told the payment failed.</p>
<button type="submit" name="decision" value="failed" class="fail" aria-describedby="fail-hint">The bank fails</button>
</fieldset>
</form>`,
  );
}

export function renderDecidedPage(payment: BankPayment): string {
  return layout(
    'Payment decided',
    `<h1>This payment was already ${escapeHtml(payment.status)}</h1>
<p><a href="${escapeHtml(payment.returnUrl)}">Go back to the shop</a></p>`,
  );
}

export function renderMissingPage(): string {
  return layout('Payment not found', '<h1>No payment here</h1><p>This approval link is unknown or has expired. Go back to the shop and start the payment again.</p>');
}
