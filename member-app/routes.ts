// The member app's pages per module. A route of core/modules.ts MODULE_ROUTES without an entry
// here renders the 404 page: the page does not exist yet, and saying so beats a blank screen.
import type { MemberModule } from './member-module.ts';
import type { AppRoute } from '#ui/app/app-root.tsx';
import { lazyRoute } from '#ui/routing/lazy-route.ts';

const blocked = lazyRoute(() => import('./pages/blocked-page.tsx'));
const maintenance = lazyRoute(() => import('./pages/maintenance-page.tsx'));

// sys-wallets identity pages.
const root = lazyRoute(() => import('./pages/identity/root-page.tsx'));
const login = lazyRoute(() => import('./pages/identity/login-page.tsx'));
const loginToken = lazyRoute(() => import('./pages/identity/login-token-page.tsx'));
const register = lazyRoute(() => import('./pages/identity/register-page.tsx'));
const registerPersonal = lazyRoute(() => import('./pages/identity/register-personal-page.tsx'));
const registerAddress = lazyRoute(() => import('./pages/identity/register-address-page.tsx'));
const forgetPassword = lazyRoute(() => import('./pages/identity/forget-password-page.tsx'));
const changePassword = lazyRoute(() => import('./pages/identity/change-password-page.tsx'));
const doubleAuth = lazyRoute(() => import('./pages/identity/double-auth-page.tsx'));
const verification = lazyRoute(() => import('./pages/identity/verification-page.tsx'));
const onboarding = lazyRoute(() => import('./pages/identity/onboarding-page.tsx'));
const profile = lazyRoute(() => import('./pages/identity/profile-page.tsx'));
// sys-wallets money pages: wallets, one wallet, transactions.
const wallets = lazyRoute(() => import('./pages/wallets/wallets-page.tsx'));
const wallet = lazyRoute(() => import('./pages/wallets/wallet-page.tsx'));
const transactions = lazyRoute(() => import('./pages/transactions/transactions-page.tsx'));
// sys-wallets merchant pages.
const merchantTransactions = lazyRoute(() => import('./pages/merchant-transactions/merchant-transactions-page.tsx'));

// sys-wallets money pages: conversions, deposits, withdrawals.
const buy = lazyRoute(() => import('./pages/trade/buy-page.tsx'));
const sell = lazyRoute(() => import('./pages/trade/sell-page.tsx'));
const trade = lazyRoute(() => import('./pages/trade/trade-page.tsx'));
const exchange = lazyRoute(() => import('./pages/trade/exchange-page.tsx'));
const deposit = lazyRoute(() => import('./pages/deposit/deposit-page.tsx'));
const withdrawal = lazyRoute(() => import('./pages/withdrawal/withdrawal-page.tsx'));
// sys-wallets public: the buyer's refund claim (no sign-in).
const refundClaim = lazyRoute(() => import('./pages/refund/refund-claim-page.tsx'));
// sys-wallets merchant pages.
const paymentLinks = lazyRoute(() => import('./pages/payment-links/payment-links-page.tsx'));

// sys-wallets merchant pages.
const merchantSettlements = lazyRoute(() => import('./pages/merchant-settlements/merchant-settlements-page.tsx'));

// sys-admin: the operator console (member-app/admin/).
const adminLogin = lazyRoute(() => import('./admin/login/admin-login-page.tsx'));
const adminOverview = lazyRoute(() => import('./admin/overview/admin-overview-page.tsx'));
const adminAudit = lazyRoute(() => import('./admin/audit/admin-audit-page.tsx'));
const adminMembers = lazyRoute(() => import('./admin/members/admin-members-page.tsx'));
const adminMember = lazyRoute(() => import('./admin/members/admin-member-page.tsx'));
// sys-wallets compliance (KYC) pages.
const compliance = lazyRoute(() => import('./pages/compliance/compliance-page.tsx'));
const onboardingCompliance = lazyRoute(() => import('./pages/compliance/onboarding-compliance-page.tsx'));
const review = lazyRoute(() => import('./pages/compliance/review-page.tsx'));
const processing = lazyRoute(() => import('./pages/compliance/processing-page.tsx'));
// sys-admin: the compliance queue.
const adminComplianceQueue = lazyRoute(() => import('./admin/compliance/compliance-queue-page.tsx'));
const adminComplianceApplicant = lazyRoute(() => import('./admin/compliance/applicant-page.tsx'));
const adminMoney = lazyRoute(() => import('./admin/money/money-page.tsx'));
// sys-admin: the chain watchers and hot wallets.
const adminChains = lazyRoute(() => import('./admin/chains/admin-chains-page.tsx'));
// sys-admin: merchants, fees and the white-label editor.
const adminMerchants = lazyRoute(() => import('./admin/merchants/admin-merchants-page.tsx'));
const adminMerchant = lazyRoute(() => import('./admin/merchants/admin-merchant-page.tsx'));
const adminFees = lazyRoute(() => import('./admin/fees/admin-fees-page.tsx'));
const adminWhitelabel = lazyRoute(() => import('./admin/whitelabel/admin-whitelabel-page.tsx'));

export const MODULE_PAGES: Record<MemberModule, readonly AppRoute[]> = {
  'sys-wallets': [
    { path: '/', route: root },
    { path: '/login', route: login },
    { path: '/login/token', route: loginToken },
    { path: '/register', route: register },
    { path: '/register/personal_details', route: registerPersonal },
    { path: '/register/address_details', route: registerAddress },
    { path: '/forget-password', route: forgetPassword },
    { path: '/change-password', route: changePassword },
    { path: '/double-auth', route: doubleAuth },
    { path: '/verification', route: verification },
    { path: '/onboarding', route: onboarding },
    { path: '/profile', route: profile },
    { path: '/wallets', route: wallets },
    { path: '/buy', route: buy },
    { path: '/sell', route: sell },
    { path: '/trade', route: trade },
    { path: '/exchange', route: exchange },
    { path: '/deposit', route: deposit },
    { path: '/withdrawal', route: withdrawal },
    { path: '/wallets/:coin', route: wallet },
    { path: '/transactions', route: transactions },
    { path: '/merchantTransactions', route: merchantTransactions },
    { path: '/refund', route: refundClaim },
    { path: '/generatePaymentLink', route: paymentLinks },
    { path: '/merchantSettlements', route: merchantSettlements },
    { path: '/merchantSettlements/:tab', route: merchantSettlements },
    { path: '/compliance', route: compliance },
    { path: '/onboarding/compliance', route: onboardingCompliance },
    { path: '/review', route: review },
    { path: '/processing', route: processing },
    { path: '/processing_online', route: processing },
  ],
  'sys-blocked': [
    { path: '/', route: blocked },
    { path: '/:slug', route: blocked },
  ],
  'sys-maintenance': [
    { path: '/', route: maintenance },
    { path: '/:slug', route: maintenance },
  ],
  'sys-admin': [
    { path: '/login', route: adminLogin },
    { path: '/', route: adminOverview },
    { path: '/members', route: adminMembers },
    { path: '/members/:id', route: adminMember },
    { path: '/audit', route: adminAudit },
    { path: '/compliance', route: adminComplianceQueue },
    { path: '/compliance/:userId', route: adminComplianceApplicant },
    { path: '/money', route: adminMoney },
    { path: '/money/:tab', route: adminMoney },
    { path: '/chains', route: adminChains },
    { path: '/merchants', route: adminMerchants },
    { path: '/merchants/:id', route: adminMerchant },
    { path: '/fees', route: adminFees },
    { path: '/whitelabel', route: adminWhitelabel },
  ],
};
