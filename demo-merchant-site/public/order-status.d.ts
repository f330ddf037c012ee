// Types for order-status.js (plain JavaScript, served as is to the shop's pages), for its tests.
import type { Order } from '../orders.ts';

export type OrderState = 'paid' | 'paid_partial' | 'invalid' | 'cancelled' | 'expired' | 'confirming' | 'awaiting';
export function describeOrder(order: Order): { state: OrderState; title: string; detail: string };
export function isCancellable(order: Order): boolean;
export function showOrder(order: Order, stateElement: HTMLElement, detailElement: HTMLElement, cancelButton?: HTMLButtonElement): OrderState;
export function followOrder(id: string, onOrder: (order: Order) => OrderState): () => void;
