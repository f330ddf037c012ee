// How an invoice number is written: the provider's sequence number, zero-padded to six digits, after
// "INV-". The number itself (guest_checkouts.invoice_number) runs per provider without gaps.

export function formatInvoiceNumber(number: bigint | number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}
