// "Cancel order" on the shop page's order panel and on the order page: asks the shop's server, which
// expires the payment at the platform with its secret key (POST /api/orders/:id/cancel). The button
// names its order in data-order-id, so the shop page's one panel serves whichever order it shows.

/**
 * Wires `button` once. `onOrder` gets the order as the server answered it (cancelled, or as it stands
 * when the server refused); `onProblem` gets the server's words when it refused or did not answer.
 */
export function wireCancelButton(button, onOrder, onProblem) {
  button.addEventListener('click', async () => {
    const id = button.dataset.orderId;
    if (!id || button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(`/api/orders/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
      const answer = await response.json().catch(() => ({ error: `The shop answered ${response.status}.` }));
      if (response.ok) return onOrder(answer);
      onProblem(answer.error ?? 'The order could not be cancelled.');
      // Refused (money already arrived, say): show the order as it now stands.
      const latest = await fetch(`/api/orders/${encodeURIComponent(id)}`, { cache: 'no-store' });
      if (latest.ok) onOrder(await latest.json());
    } catch {
      onProblem('The shop\u2019s server did not answer: is it running?');
    } finally {
      button.removeAttribute('aria-busy');
    }
  });
}
