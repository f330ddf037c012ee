// The error-code catalogue: every code the API can answer, its HTTP status and a default message
// that tells the user what to do. Codes are stable API; messages may be reworded and translated.
// Ordered by family, the way TigerBeetle orders result codes: request shape, then auth, then domain.

export const ERRORS = {
  // Request shape
  validation_failed: { status: 400, message: 'Some fields are missing or invalid. Check the highlighted fields and try again.' },
  unsupported_language: { status: 404, message: 'This page could not be found' },
  not_found: { status: 404, message: 'This page could not be found' },
  method_not_allowed: { status: 405, message: 'This address does not accept that method.' },
  payload_too_large: { status: 413, message: 'The request is too large. Send less data and try again.' },
  unsupported_media_type: { status: 415, message: 'Send the request body as JSON (Content-Type: application/json).' },
  idempotency_key_reused: { status: 422, message: 'This Idempotency-Key was already used with a different request. Use a new key.' },
  idempotency_in_flight: { status: 409, message: 'A request with this Idempotency-Key is still being processed. Retry in a moment.' },
  rate_limited: { status: 429, message: 'Too many requests. Wait a moment and try again.' },

  // Provider and configuration
  provider_not_found: { status: 404, message: 'No provider is configured for this address.' },
  provider_not_configured: { status: 503, message: 'This provider has not been configured yet. Contact support.' },

  // Authentication and sessions
  unauthorized: { status: 401, message: 'Sign in to continue.' },
  invalid_credentials: { status: 401, message: 'The email or password is incorrect.' },
  invalid_session: { status: 401, message: 'You are logged in on other devices or browsers. Please login again.' },
  session_expired: { status: 401, message: 'Your session has expired. Please login again.' },
  expired_password: { status: 403, message: 'Your password has expired. Choose a new password to continue.' },
  forbidden: { status: 403, message: 'You do not have permission to do this.' },
  account_locked: { status: 423, message: 'Too many failed attempts. Try again later.' },

  // Server
  internal_error: { status: 500, message: 'Something went wrong on our side. Please try again later.' },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable. Please try again later.' },

  // Amounts (money.ts): a malformed amount is the caller's to fix, so each message says how.
  amount_not_string: { status: 400, message: 'Send the amount as a decimal string such as "12.50", not as a number.' },
  amount_required: { status: 400, message: 'Enter an amount.' },
  amount_malformed: { status: 400, message: 'Enter the amount as digits with at most one decimal point, like 1234.50.' },
  amount_negative: { status: 400, message: 'Enter an amount of zero or more.' },
  amount_too_precise: { status: 400, message: 'The amount has too many decimals for this currency.' },
  amount_too_large: { status: 400, message: 'The amount is too large. Enter a smaller amount.' },

  // One-time codes, identity verification and password reset
  registration_token_expired: { status: 401, message: 'Registration token Expired!' },
  invalid_code: { status: 400, message: 'The code is not correct. Check the latest message we sent and try again.' },
  code_expired: { status: 400, message: 'This code has expired or was already used. Ask for a new code.' },
  code_attempts_exceeded: { status: 429, message: 'Too many wrong codes. Ask for a new code.' },
  code_resend_limited: { status: 429, message: 'Wait a moment before asking for another code.' },
  mobile_missing: { status: 409, message: 'Add a mobile number to your profile first.' },
  double_auth_required: { status: 403, message: 'Enter the login code we sent you to continue.' },
  compliance_final: { status: 409, message: 'Your identity is already verified; there is nothing more to send.' },
  reset_token_invalid: { status: 400, message: 'This reset link is invalid, expired or already used. Ask for a new link.' },

  // Accounts and sessions
  email_taken: { status: 409, message: 'An account with this email already exists. Sign in, or reset your password if you forgot it.' },
  current_password_wrong: { status: 400, message: 'Your current password is not correct. Enter it again.' },
  password_unchanged: { status: 400, message: 'Choose a new password that differs from your current one.' },
  login_link_invalid: { status: 400, message: 'This sign-in link has expired or was already used. Request a new one.' },

  // Money: ledger, rates, wallets, conversions, deposits, withdrawals
  insufficient_funds: { status: 409, message: 'Your available balance is too low for this amount. Enter a smaller amount or add funds first.' },
  liquidity_unavailable: { status: 409, message: 'We cannot fill this amount right now. Try a smaller amount or try again later.' },
  amount_below_minimum: { status: 400, message: 'The amount is below the minimum. Enter a larger amount.' },
  amount_above_maximum: { status: 400, message: 'The amount is above the maximum. Enter a smaller amount.' },
  // A coin whose chain this server does not watch (server/chain/chain-config.ts: off); the message names it.
  coin_unavailable: { status: 409, message: 'Payments in this coin are not available right now. Choose another coin.' },
  currency_not_supported: { status: 400, message: 'This currency is not supported here. Choose one from the list.' },
  pair_not_supported: { status: 400, message: 'These two currencies cannot be converted into each other here. Choose another pair.' },
  operation_disabled: { status: 403, message: 'This operation is not available for your account.' },
  rates_unavailable: { status: 503, message: 'Some problem occurred. please try again later.' },
  quote_expired: { status: 409, message: 'The price has changed since you asked. Review the new quote and confirm again.' },
  quote_not_found: { status: 404, message: 'This quote does not exist or was already used. Ask for a new quote.' },
  coupon_invalid: { status: 404, message: 'This coupon code is not valid or has expired. Check the code or continue without it.' },
  wallet_not_found: { status: 404, message: 'You have no wallet in this currency yet. Add the wallet first.' },
  transaction_not_found: { status: 404, message: 'No transaction with this id was found in your account.' },
  transaction_not_pending: { status: 409, message: 'This transaction can no longer be changed.' },
  beneficiary_not_found: { status: 404, message: 'Choose one of your saved bank accounts, or add a new one.' },
  address_invalid: { status: 400, message: 'This is not a valid address for this coin. Check it and paste it again.' },
  card_declined: { status: 402, message: 'The card was declined. Use another card or contact your bank.' },
  card_invalid: { status: 400, message: 'The card details are not valid. Check the number, expiry date and security code.' },
  wire_not_found: { status: 404, message: 'No pending wire deposit has this reference.' },
  ledger_violation: { status: 500, message: 'Something went wrong on our side. Please try again later.' },
  payout_rejected: { status: 502, message: 'The network refused this payout. Your funds were returned to your wallet; check the address or try again later.' },
  merchant_not_recognized: { status: 404, message: 'Merchant not recognized!' },
  invalid_api_key: { status: 401, message: 'Send your secret key as Authorization: Bearer sk_... from your server; never from a browser.' },
  payment_not_found: { status: 404, message: 'Session Expired Please Make another transaction.' },
  currency_already_chosen: { status: 409, message: 'A coin was already chosen for this payment. Pay in that coin, or ask the shop for a new payment to use another.' },
  payment_not_open: { status: 409, message: 'This payment is no longer waiting for a coin to be chosen. Ask the shop for a new payment.' },
  payment_coin_not_chosen: { status: 409, message: 'This payment has no coin yet, so it has no QR code. The buyer chooses the coin in the widget; ask again after that.' },
  payment_not_settled: { status: 409, message: 'This payment is not settled yet, so it has no receipt. Ask again once its status is settled.' },
  webhook_event_not_found: { status: 404, message: 'No webhook event with this id was found for your account.' },
  merchant_payment_not_found: { status: 404, message: 'No payment with this id was found in your merchant account.' },
  webhook_url_missing: { status: 409, message: 'Set a webhook URL first; then redeliver the event.' },
  payment_not_acceptable: { status: 409, message: 'Only an invalid payment (paid late, or underpaid when its time ran out), or money that came after an overpaid payment settled, can be accepted, and only while confirmed money is left to credit.' },
  payment_not_refundable: { status: 409, message: 'This payment has nothing to refund: wait until it is settled or invalid, and refund only what was received and not refunded yet.' },
  refund_not_found: { status: 404, message: 'No refund with this id was found for your account.' },
  refund_claim_not_found: { status: 404, message: 'This refund link is not valid. Check that you opened the whole link from the e-mail, or ask the shop for a new one.' },
  refund_claim_expired: { status: 410, message: 'This refund link has expired. Ask the shop to send you a new one.' },
  refund_claim_used: { status: 409, message: 'This refund was already sent. A refund link works once.' },
  refund_payout_unavailable: { status: 503, message: 'Refunds in this coin cannot be sent right now. Nothing was sent and your link still works: try again later.' },
  payment_link_not_found: { status: 404, message: 'This payment link does not exist. Check the address, or ask the shop for a new link.' },
  payment_link_closed: { status: 410, message: 'This payment link has expired. Ask the shop for a new link.' },
  api_key_not_found: { status: 404, message: 'No API key with this id was found for your account. Reload the list of keys.' },
  api_key_not_active: { status: 409, message: 'This key is revoked or expired, so it cannot be rolled. Create a new key instead.' },
  api_key_already_created: { status: 409, message: 'This request already made a key; its secret was shown once. If you did not copy it, revoke that key and create another.' },
  test_mode_only: { status: 403, message: 'This works only on a test-mode server (MODE=test). Live payments cannot be simulated.' },
  settlement_info_missing: { status: 409, message: 'Add your bank account in Settlement info first; payouts go to that account.' },
  nothing_to_pay_out: { status: 409, message: 'There is nothing to pay out yet: converted settlements appear here once a payment settles.' },
  payout_not_found: { status: 404, message: 'No payout with this id was found for your account.' },

  // Compliance (KYC), limits by verification level, and the operator console's second factor
  limit_exceeded: { status: 403, message: 'This amount is above what your verification level allows. Complete the next step in Account Verification to raise the limit, or enter a smaller amount.' },
  kyc_in_progress: { status: 409, message: 'Your documents are being checked. Wait for the decision before you send anything more.' },
  kyc_step_not_open: { status: 409, message: 'This verification step is not open for you now. Reload Account Verification and continue with the step it shows.' },
  document_side_not_needed: { status: 400, message: 'This document has no back side. Send the front, then take the selfie.' },
  totp_invalid: { status: 401, message: 'The code from your authenticator app is not correct. Check the device clock and enter the current 6-digit code.' },
  totp_reused: { status: 401, message: 'This code was already used. Wait for the next code in your authenticator app and enter that one.' },
  // Identity documents (core/compliance/document-image.ts): each refusal says how to take or send a usable photo.
  document_not_image: { status: 415, message: 'This file is not a photo we can read. Upload a JPEG, PNG or WebP photo of your document.' },
  document_type_unsupported: { status: 415, message: 'HEIC and AVIF photos cannot be checked here. Upload a JPEG, PNG or WebP: on an iPhone, choose Settings > Camera > Formats > Most Compatible and take the photo again.' },
  document_damaged: { status: 400, message: 'This image file is damaged or incomplete. Take the photo again, or upload the original file once more.' },
  document_too_large: { status: 413, message: 'The photo is larger than 8 MB. Take it again at a lower resolution, or upload a smaller copy.' },
  document_too_small: { status: 400, message: 'The photo is too small to read: it needs at least 600 by 400 pixels. Take the photo again in good light, with the document filling the frame.' },
  document_too_many_pixels: { status: 400, message: 'The image has too many pixels (at most 12000 a side and 40 megapixels). Upload the photo as your camera took it, or a smaller copy.' },
  document_side_invalid: { status: 400, message: 'ID cards and driving licences need a front and a back photo; passports, selfies and proofs of address need one photo with no side.' },
  document_limit_reached: { status: 409, message: 'You have sent as many photos as we keep for one account. Wait for our review of the ones you sent, or contact support.' },
  document_not_found: { status: 404, message: 'No document with this id was found in your account. Reload the list of your documents.' },
  // The operator console (server/operators/): one sign-in failure for any wrong part, so a guesser learns nothing.
  operator_sign_in_failed: { status: 401, message: 'The email, password or authenticator code is not correct. Check all three and try again.' },
  operator_session_required: { status: 401, message: 'Sign in to the console to continue. A console session ends after half an hour without activity.' },
  operator_forbidden: { status: 403, message: 'Your console role does not allow this. Ask an admin if you need it.' },
  account_blocked: { status: 403, message: 'This account is blocked. Contact support to find out why and how to restore access.' },
  member_not_found: { status: 404, message: 'No member with this id was found at this provider. Search for the member again.' },
  kyc_not_deciding: { status: 409, message: 'This identity check is not waiting for a decision (it was decided, or the member has not sent it). Reload the applicant.' },

  // The operator console's money area: maker-checker withdrawals and merchant payouts
  withdrawal_not_awaiting_approval: { status: 409, message: 'This withdrawal is no longer waiting for approval: another operator acted on it or the member canceled it. Reload the list.' },
  approval_same_operator: { status: 403, message: 'You already approved this withdrawal. A second operator must confirm it: ask a colleague with the finance or admin role.' },
  payout_not_retryable: { status: 409, message: 'Only a rejected payout can be sent again. Reload the list to see its status.' },

  // The console's merchants
  merchant_id_taken: { status: 409, message: 'Another merchant already has this merchant id. Choose another id, or leave it out to have one made from the business name.' },

  // The guest checkout
  flow_token_required: { status: 401, message: 'Your checkout session has ended or was not found. Start the checkout again from the buy page.' },
  checkout_not_found: { status: 404, message: 'No checkout with this id belongs to this session. Start the checkout again from the buy page.' },
  checkout_expired: { status: 410, message: 'This checkout expired before it was paid. Start a new checkout; nothing was charged.' },
  checkout_status_invalid: { status: 409, message: 'This checkout can no longer change that way (it was paid, canceled or expired). Reload it to see where it stands.' },
  checkout_kyc_required: { status: 403, message: 'This amount is above what can be bought without verifying your identity. Verify your identity first, or choose a smaller amount; nothing was charged.' },
  checkout_details_required: { status: 409, message: 'Fill in your contact details (name, email, mobile, date of birth and billing address) before paying.' },
  checkout_address_required: { status: 400, message: 'Enter the address the coins should be sent to before paying.' },
  checkout_challenge_not_pending: { status: 409, message: 'No card payment of this checkout is waiting for its 3-D Secure check. Reload the checkout to see where it stands.' },
  checkout_not_completed: { status: 409, message: 'This order is not paid yet: its receipt exists once the payment has succeeded. Wait for the order to complete.' },
  checkout_receipt_unavailable: { status: 409, message: 'This order was not opened for a merchant, so there is no merchant to sign a receipt for.' },
  // Online banking (server/online-banking/): the bank's own service, reached server to server
  bank_unavailable: { status: 502, message: 'The bank could not be reached. Try again in a moment or choose another way to pay.' },
  // The guest checkout's clearance (server/checkout/clearance.ts): limits, the guest's identity
  checkout_limit_exceeded: { status: 403, message: 'This amount is above what can be bought in one checkout here, even with your identity verified. Choose a smaller amount; nothing was charged.' },
  checkout_identity_not_needed: { status: 409, message: 'This checkout does not need your identity documents: verify your email and mobile to finish it.' },
  checkout_identity_already_sent: { status: 409, message: 'Your identity documents for this checkout were already sent. Wait for the answer on this page.' },
  checkout_verification_required: { status: 403, message: 'Verify your email, your mobile and your identity before paying by bank; nothing was charged.' },
  checkout_method_mismatch: { status: 409, message: 'This checkout is paid another way. Go back to the order and use the payment method it shows.' },
  checkout_payment_not_found: { status: 404, message: 'This checkout has no payment with this id. Go back to the order to see where it stands.' },
  wire_reference_invalid: { status: 400, message: 'This reference is not valid: its last character does not match the others, so one character is mistyped. Compare it with the bank statement.' },
  wire_amount_mismatch: { status: 409, message: 'The amount or currency received is not what this order expects. Nothing was credited; return the money to the sender.' },
  wire_window_closed: { status: 409, message: 'This order\'s time to receive the wire has ended and the order was closed. Nothing was credited; return the money to the sender.' },
  card_processor_missing: { status: 503, message: 'Card payments are not available here: this platform has no card processor configured. Choose another way to pay; nothing was charged.' },
  sms_unavailable: { status: 503, message: 'Text messages cannot be sent from this platform yet, so a mobile number cannot be verified by code. Contact support.' },
  bank_account_missing: { status: 503, message: 'Paying by bank transfer is not available here yet. Choose another way to pay.' },
  // The invoice, coupons and registering after buying (server/checkout/invoice*.ts, checkout-coupon.ts, checkout-register.ts)
  checkout_not_paid: { status: 409, message: 'This checkout has not been paid yet, so it has no invoice. Finish the payment first.' },
  coupon_expired: { status: 410, message: 'This coupon is no longer valid (its end date has passed). Continue without it.' },
  coupon_not_yet_valid: { status: 409, message: 'This coupon cannot be used yet. Continue without it or try again once it starts.' },
  coupon_used_up: { status: 409, message: 'This coupon has been used as many times as it allows. Continue without it.' },
  coupon_not_found: { status: 404, message: 'No coupon with this id exists at this provider. Reload the list.' },
  coupon_code_taken: { status: 409, message: 'Another coupon already has this code. Choose another code.' },
  checkout_member_exists: { status: 409, message: 'An account with this email already exists. Sign in instead; your purchase is kept in your history.' },
  // The remittance flow (server/checkout/remit-recipient.ts)
  checkout_not_remittance: { status: 409, message: 'This checkout buys for yourself, not for a recipient. Start a remittance to send money to someone.' },
  checkout_recipient_required: { status: 400, message: 'Enter who receives this money, how they are told and where it goes before paying.' },
  iban_invalid: { status: 400, message: 'This IBAN is mistyped: its check digits do not match. Check it with the recipient and enter it again.' },
  remit_currency_unsupported: { status: 400, message: 'A bank transfer to the recipient is sent in the currency you pay with. Choose the same currency for both, or send crypto.' },
  // The test network's drop and reorg (test mode only; server/chain/test-network.ts)
  test_transaction_not_found: { status: 404, message: 'The test network has no payment with this txid. Copy the txid the faucet answered.' },
  test_transaction_mined: { status: 409, message: 'This transaction is already in a block. Undo that block with a reorg first, then drop it.' },
  test_reorg_too_deep: { status: 409, message: 'The test network does not have that many blocks. Undo fewer.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

/** Field errors keyed by a dotted path into the request ("billing.zipCode"), each a list of messages. */
export type FieldErrors = Record<string, string[]>;

/** An error a caller can cause, as a value: code, message for the user, optional field errors. */
export interface AppError {
  code: ErrorCode;
  message: string;
  fields?: FieldErrors;
  /**
   * Whole seconds until the same request may succeed (account_locked, code_resend_limited). The
   * message says it in English; with this number an app can say it in the page's language.
   */
  retry_after_s?: number;
}

export function appError(code: ErrorCode, message?: string, fields?: FieldErrors): AppError {
  return fields ? { code, message: message ?? ERRORS[code].message, fields } : { code, message: message ?? ERRORS[code].message };
}

/** The error with the wait its message speaks of, as a number (whole seconds, at least 1). */
export function withRetryAfter(error: AppError, seconds: number): AppError {
  return { ...error, retry_after_s: Math.max(1, Math.ceil(seconds)) };
}

/** A wait said in minutes: whole minutes rounded up and at least 1, so nobody comes back too early. */
export function minutesToWait(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
