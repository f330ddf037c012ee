// Every endpoint of the platform: the tables of each resource file, in the order the reference
// lists them. The OpenAPI document is generated from this list, and the contract tests walk it
// (server/docs/routes-match-document.test.ts checks that the server registers exactly these).
// Apps never import it: they import the endpoints they call one by one, so a bundle carries only those.

import type { AnyEndpoint } from './endpoint.ts';
import { CONVERSIONS_ENDPOINTS } from './conversions.ts';
import { DEPOSITS_ENDPOINTS } from './deposits.ts';
import { DEVELOPERS_ENDPOINTS } from './developers.ts';
import { DEV_OUTBOX_ENDPOINTS } from './dev-outbox.ts';
import { MERCHANT_INFO_ENDPOINTS } from './merchant-info.ts';
import { MARKETS_RATES_ENDPOINTS } from './markets-rates.ts';
import { MERCHANT_OFFICE_ENDPOINTS } from './merchant-office.ts';
import { MERCHANT_PAYMENTS_ENDPOINTS } from './merchant-payments.ts';
import { MERCHANT_SETTINGS_ENDPOINTS } from './merchant-settings.ts';
import { PAYMENT_LINKS_ENDPOINTS } from './payment-links.ts';
import { PLATFORM_ENDPOINTS } from './platform.ts';
import { PROFILE_ENDPOINTS } from './profile.ts';
import { RATES_ENDPOINTS } from './rates.ts';
import { REFERENCE_ENDPOINTS } from './reference.ts';
import { REFUNDS_ENDPOINTS } from './refunds.ts';
import { REGISTRATION_ENDPOINTS } from './registration.ts';
import { SESSIONS_ENDPOINTS } from './sessions.ts';
import { SETTLEMENTS_ENDPOINTS } from './settlements.ts';
import { TEST_NETWORK_ENDPOINTS } from './test-network.ts';
import { TRANSACTIONS_ENDPOINTS } from './transactions.ts';
import { VERIFY_ENDPOINTS } from './verify.ts';
import { WALLETS_ENDPOINTS } from './wallets.ts';
import { WEBHOOKS_ENDPOINTS } from './webhooks.ts';
import { WITHDRAWALS_ENDPOINTS } from './withdrawals.ts';
import { LIMITS_ENDPOINTS } from './limits.ts';
import { ADMIN_SESSION_ENDPOINTS } from './admin-session.ts';
import { ADMIN_OVERVIEW_ENDPOINTS } from './admin-overview.ts';
import { ADMIN_AUDIT_ENDPOINTS } from './admin-audit.ts';
import { ADMIN_MEMBERS_ENDPOINTS } from './admin-members.ts';
import { COMPLIANCE_ENDPOINTS } from './compliance.ts';
import { ADMIN_COMPLIANCE_ENDPOINTS } from './admin-compliance.ts';
import { ADMIN_MONEY_ENDPOINTS } from './admin-money.ts';
import { ADMIN_MERCHANTS_ENDPOINTS } from './admin-merchants.ts';
import { ADMIN_WHITELABEL_ENDPOINTS } from './admin-whitelabel.ts';
import { CHECKOUT_ENDPOINTS } from './checkout.ts';
import { ONLINE_BANKING_ENDPOINTS } from './online-banking.ts';
import { PAYNET_ENDPOINTS } from './paynet.ts';
import { CHECKOUT_STEP_ENDPOINTS } from './checkout-steps.ts';
import { ADMIN_GUEST_IDENTITY_ENDPOINTS } from './admin-guest-identity.ts';
import { PAYNET_BANK_ENDPOINTS } from './paynet-bank.ts';
import { ADMIN_CHECKOUT_WIRES_ENDPOINTS } from './admin-checkout-wires.ts';
import { INVOICE_ENDPOINTS } from './invoice.ts';
import { ADMIN_COUPONS_ENDPOINTS } from './admin-coupons.ts';
import { REMITTANCE_ENDPOINTS } from './remittance.ts';
import { BUY_WIDGET_ENDPOINTS } from './buy-widget.ts';
import { ADMIN_CHAINS_ENDPOINTS } from './admin-chains.ts';

export const ENDPOINTS: readonly AnyEndpoint[] = [
  // Main API
  ...SESSIONS_ENDPOINTS,
  ...REGISTRATION_ENDPOINTS,
  ...PROFILE_ENDPOINTS,
  ...VERIFY_ENDPOINTS,
  ...RATES_ENDPOINTS,
  ...WALLETS_ENDPOINTS,
  ...TRANSACTIONS_ENDPOINTS,
  ...CONVERSIONS_ENDPOINTS,
  ...DEPOSITS_ENDPOINTS,
  ...WITHDRAWALS_ENDPOINTS,
  ...WEBHOOKS_ENDPOINTS,
  ...MERCHANT_OFFICE_ENDPOINTS,
  ...REFUNDS_ENDPOINTS,
  ...MERCHANT_SETTINGS_ENDPOINTS,
  ...PAYMENT_LINKS_ENDPOINTS,
  ...DEVELOPERS_ENDPOINTS,
  ...SETTLEMENTS_ENDPOINTS,
  ...LIMITS_ENDPOINTS,
  // Merchant API
  ...MERCHANT_INFO_ENDPOINTS,
  ...MARKETS_RATES_ENDPOINTS,
  ...MERCHANT_PAYMENTS_ENDPOINTS,
  // Platform and test mode
  ...PLATFORM_ENDPOINTS,
  ...TEST_NETWORK_ENDPOINTS,
  ...DEV_OUTBOX_ENDPOINTS,
  ...REFERENCE_ENDPOINTS,
  // The operator console (/v1/admin/...)
  ...ADMIN_SESSION_ENDPOINTS,
  ...ADMIN_OVERVIEW_ENDPOINTS,
  ...ADMIN_AUDIT_ENDPOINTS,
  ...ADMIN_MEMBERS_ENDPOINTS,
  // Compliance (KYC)
  ...COMPLIANCE_ENDPOINTS,
  ...ADMIN_COMPLIANCE_ENDPOINTS,
  ...ADMIN_MONEY_ENDPOINTS,
  ...ADMIN_MERCHANTS_ENDPOINTS,
  ...ADMIN_WHITELABEL_ENDPOINTS,
  // The guest checkout
  ...CHECKOUT_ENDPOINTS,
  // Online banking (the test bank's callback; test mode)
  ...ONLINE_BANKING_ENDPOINTS,
  // The guest checkout's card payment
  ...PAYNET_ENDPOINTS,
  // The guest checkout's steps: the payment method, the verify account codes, the guest's identity
  ...CHECKOUT_STEP_ENDPOINTS,
  // The console's guest identity checks
  ...ADMIN_GUEST_IDENTITY_ENDPOINTS,
  // The guest checkout paid by bank (wire, online banking) and the console's incoming wires
  ...PAYNET_BANK_ENDPOINTS,
  ...ADMIN_CHECKOUT_WIRES_ENDPOINTS,
  // The guest checkout's invoice, registering after buying, its coupon and verification state
  ...INVOICE_ENDPOINTS,
  // The operator console's coupons
  ...ADMIN_COUPONS_ENDPOINTS,
  // The remittance flow's recipient and the sender's status
  ...REMITTANCE_ENDPOINTS,
  // The buy widget's order and its signed receipt
  ...BUY_WIDGET_ENDPOINTS,
  // The console's chains: each watcher's state and the hot wallets
  ...ADMIN_CHAINS_ENDPOINTS,
];
