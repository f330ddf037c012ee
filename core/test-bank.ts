// The test bank's one refusal (test mode only), so tests and a person trying the product can see a
// rejected wire: it passes the IBAN check (valid check digits), and it is the IBAN of the ISO 13616
// examples, never a real customer's. The server's test bank (server/money/withdrawals/payout.ts)
// rejects it; the settlement form names it in test mode, as the card form names the test cards.
export const TEST_BANK_REJECTED_IBAN = 'GB82WEST12345698765432';
