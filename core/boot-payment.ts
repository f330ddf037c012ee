// BootData.payment: the widget's first screen, rendered into the shell by the server when the address names a
// payment (merchant_id + transaction_id) it found. It is exactly the three public answers the widget would
// otherwise fetch first (GET /mapi/api/merchant, POST transaction/details, POST transaction/status), so a page
// built from it and a page built from the calls are the same page. Kept out of BootShellSchema (like the
// white-label configuration) so only the widget, which already carries these answers' schemas, pays for them.

import * as v from 'valibot';
import { MerchantAnswerSchema } from './contract/merchant-info.ts';
import { TransactionAnswerSchema, TransactionStatusAnswerSchema } from './contract/payment-answers.ts';

export const BootPaymentSchema = v.object({
  merchant: MerchantAnswerSchema,
  details: TransactionAnswerSchema,
  status: TransactionStatusAnswerSchema,
});
export type BootPayment = v.InferOutput<typeof BootPaymentSchema>;

/**
 * The boot's payment when it is well formed and is the payment these ids name; else null (the page then
 * asks the API as it always could). A block for another payment is never shown for this one.
 */
export function bootPaymentFor(raw: unknown, ids: { merchantId: string; transactionId: string }): BootPayment | null {
  const parsed = v.safeParse(BootPaymentSchema, raw);
  if (!parsed.success) return null;
  const { merchant, details, status } = parsed.output;
  const same = merchant.merchant_id === ids.merchantId && details.transaction_token === ids.transactionId && status.transaction_token === ids.transactionId;
  return same ? parsed.output : null;
}
