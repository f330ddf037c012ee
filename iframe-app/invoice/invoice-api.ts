// The calls after payment (core/contract/invoice.ts) through the iframe app's one typed client; the flow
// token travels as its HttpOnly cookie.
import { checkoutCoupon, checkoutInvoice, checkoutRegister } from '#core/contract/invoice.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { api } from '../widget/widget-api.ts';

export const loadInvoice = (id: string) => api().call(checkoutInvoice, { params: { id } });

export const registerFromCheckout = (password: string) => api().call(checkoutRegister, { body: { password, language: useBootStore.getState().locale } });

export const applyCoupon = (id: string, code: string) => api().call(checkoutCoupon, { params: { id }, body: { code } });

/** The PDF is a plain download from the API (the flow cookie goes with a same-origin GET). */
export function invoicePdfUrl(id: string): string {
  const base = useBootStore.getState().boot.whitelabel?.configuration.api ?? '/v1';
  return `${base.replace(/\/$/, '')}/checkout/invoice/${encodeURIComponent(id)}/pdf`;
}
