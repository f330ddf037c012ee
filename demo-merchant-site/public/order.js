// The order page's script: follows the order until the shop's server has the proof of payment.
import { followOrder, showOrder } from './order-status.js';

const card = document.querySelector('[data-order-id]');
const state = document.getElementById('order-state');
const detail = document.getElementById('order-detail');
if (card && state && detail) followOrder(card.dataset.orderId, (order) => showOrder(order, state, detail));
