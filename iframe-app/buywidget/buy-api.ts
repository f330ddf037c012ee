// The buy widget's own call: its order (POST /v1/checkout/create). The answer's flow token is kept for the
// frame's later flow calls (flow-token-store.ts), and the order goes to the merchant page (order-created).
import { checkoutCreate, type CheckoutCreateBody } from '#core/contract/buy-widget.ts';
import { api } from '../widget/widget-api.ts';
import { announceOrder } from './announce-order.ts';
import { keepFlowToken } from './flow-token-store.ts';

export async function createOrder(body: CheckoutCreateBody) {
  const answer = await api().call(checkoutCreate, { body });
  if (answer.ok) {
    keepFlowToken(answer.data.flow_token);
    announceOrder(answer.data.checkout);
  }
  return answer;
}
