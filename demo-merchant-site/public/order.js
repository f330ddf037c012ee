// The order page's script: follows the order until the shop's server has the proof of payment, and
// offers "Cancel order" while nothing is paid.
import { wireCancelButton } from './order-cancel.js';
import { followOrder, showOrder } from './order-status.js';

const card = document.querySelector('[data-order-id]');
const state = document.getElementById('order-state');
const detail = document.getElementById('order-detail');
const cancelButton = document.getElementById('cancel-order');
const cancelProblem = document.getElementById('cancel-problem');
if (card && state && detail && cancelButton && cancelProblem) {
  const show = (order) => showOrder(order, state, detail, cancelButton);
  const stopFollowing = followOrder(card.dataset.orderId, show);
  cancelButton.dataset.orderId = card.dataset.orderId;
  wireCancelButton(
    cancelButton,
    (order) => {
      stopFollowing();
      show(order);
    },
    (problem) => {
      cancelProblem.textContent = problem;
    },
  );
}
