// The guest flow's calls (core/contract/checkout.ts), through the iframe app's one typed client. The
// flow token travels as the HttpOnly cookie checkout/init sets; the browser never holds it, except inside
// the buy widget, whose third-party frame gets no cookies (buywidget/flow-token-store.ts).
import type { CheckoutBillingBody, CheckoutInitBody } from '#core/contract/checkout.ts';
import { checkoutBilling, checkoutInit, checkoutMerchant, getCheckout, getCheckoutCookie } from '#core/contract/checkout.ts';
import { paynetDeposit, type PaynetDepositBody } from '#core/contract/paynet.ts';
import {
  checkoutConfirm,
  checkVerify,
  resendCheckoutCode,
  resetCheckoutMobile,
  submitCheckoutCode,
  updateCheckoutKyc,
  type CheckoutCodeChannel,
  type CheckoutKycBody,
} from '#core/contract/checkout-steps.ts';
import type { CheckoutPaymentMethod } from '#core/rules/checkout-status.ts';
import { announceOrder } from '../buywidget/announce-order.ts';
import { api } from '../widget/widget-api.ts';

/** Prices the order on the server and sets the flow cookie; the answer is the checkout as priced. */
export const startFlowCheckout = (body: CheckoutInitBody) => api().call(checkoutInit, { body });

/** The flow cookie's checkout id (spec §3 checkout cookie), or flow_token_required without the cookie. */
export const loadCheckoutCookie = () => api().call(getCheckoutCookie, { query: { is_flow: '1' } });

/** Every checkout read also tells a buy widget's merchant page what its state means (announce-order.ts; nothing elsewhere). */
export const loadCheckout = (id: string) =>
  api().call(getCheckout, { params: { id } }).then((answer) => {
    if (answer.ok) announceOrder(answer.data);
    return answer;
  });

export const saveBilling = (body: CheckoutBillingBody) => api().call(checkoutBilling, { body });

/** The merchant a checkout pays (public name and logo), when it was started for one. */
export const loadCheckoutMerchant = (id: string) => api().call(checkoutMerchant, { params: { id } });

// The pay step (card, 3-D Secure), the payment method, verify account and the guest's identity.

/** The card or the 3-D Secure answer; `key` is the attempt's Idempotency-Key, the same on a retry of one click. */
export const payByCard = (body: PaynetDepositBody, key: string) => api().call(paynetDeposit, { body }, { idempotencyKey: key });

export const confirmPaymentMethod = (method: CheckoutPaymentMethod) => api().call(checkoutConfirm, { body: { payment_method: method } });

export const loadVerify = (id: string) => api().call(checkVerify, { params: { id } });

export const submitCode = (id: string, channel: CheckoutCodeChannel, code: string) => api().call(submitCheckoutCode, { params: { id }, body: { channel, code } });

export const resendCode = (channel: CheckoutCodeChannel, language: 'en' | 'es') => api().call(resendCheckoutCode, { body: { channel, language } });

export const changeMobile = (id: string, mobile: string, language: 'en' | 'es') => api().call(resetCheckoutMobile, { params: { id }, body: { mobile, language } });

export const sendIdentity = (body: CheckoutKycBody) => api().call(updateCheckoutKyc, { body });
