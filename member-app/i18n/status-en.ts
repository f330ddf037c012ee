// Texts of the blocked and maintenance pages. They ship in those pages' chunk, not in the shared
// catalogue, so modules that never show them never download them. {label} is the provider's label_name.

export const statusEn = {
  'blocked.eyebrow': 'Access restricted',
  'blocked.generic.title': 'Access to {label} is restricted',
  'blocked.generic.body': 'You can’t use {label} from here right now. If you think this is a mistake, contact our support team and we’ll look into it.',
  'blocked.country.title': '{label} is not available in your country or region',
  'blocked.country.body': 'Local regulations don’t allow us to offer our services where you are. Your account and funds are not affected. You can sign in again from a supported country.',
  'blocked.account.title': 'This account has been blocked',
  'blocked.account.body': 'Sign-in and payments are paused for this account. To find out why and how to restore access, write to {email}.',
  'blocked.ip.title': 'Access from your network is blocked',
  'blocked.ip.body': 'We’ve blocked requests from your IP address. This can happen with VPNs, proxies or shared networks. Turn off any VPN or proxy, or try another network.',
  'maintenance.eyebrow': 'Maintenance',
  'maintenance.state': 'Under maintenance',
  'maintenance.generic.title': 'We’ll be back soon',
  'maintenance.generic.body': '{label} is undergoing maintenance. Your funds and data are safe. Please try again in a few minutes.',
  'maintenance.scheduled.title': 'Scheduled maintenance in progress',
  'maintenance.scheduled.body': '{label} is down for planned maintenance. Your funds and data are safe, and everything will be back shortly.',
  'maintenance.wallets.title': 'Wallets are under maintenance',
  'maintenance.wallets.body': 'Balances, deposits and withdrawals are unavailable for a short while as we upgrade our wallet systems. Your funds are safe.',
  'maintenance.checkout.title': 'Checkout is under maintenance',
  'maintenance.checkout.body': 'New payments can’t be started right now. Payments that did not complete have not been charged. Please try again shortly.',
  'maintenance.trading.title': 'Trading is under maintenance',
  'maintenance.trading.body': 'Buying, selling and exchanging are paused for a short while. Your balances are not affected.',
  'status.tryAgain': 'Try again',
  'status.help.title': 'Need help?',
  'status.help.body': 'Our support team can answer questions about your account.',
  'status.help.contact': 'Contact support',
} as const;

export type StatusKey = keyof typeof statusEn;
export type StatusMessages = { readonly [K in StatusKey]: string };
