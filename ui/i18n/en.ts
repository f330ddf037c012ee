// The shared interface texts (layouts, error and 404 pages, footers, modal, loading). Kept small on
// purpose: both catalogues ship in the iframe app's 30 KB initial budget. Page texts live with
// their pages in per-app catalogues (e.g. member-app/i18n/) and load with the route's chunk.
// Spec §2 fixes the error-page and 404 sentences word for word in English.

export const en = {
  'skip.toContent': 'Skip to main content',
  'loading.label': 'Loading',
  'mode.test': 'Test mode',
  'error.status': 'Error {status}',
  'error.unableToFind': "We're unable to find the page you're looking for.",
  'error.unknown': 'We are very sorry for inconvenience. The application has encountered an unknown error.',
  'error.missingConfiguration': 'This address has no service configured. Check the address and try again.',
  'error.nested': 'An error occurred while showing the error page',
  'error.goHome': 'Go to the home page',
  'notFound.title': 'This page could not be found',
  'notFound.hint': 'Check the address, or go back to the home page.',
  'footer.legal': 'Legal',
  'footer.terms': 'Terms of use',
  'footer.privacy': 'Privacy policy',
  'footer.refund': 'Refund policy',
  'footer.kyc': 'KYC policy',
  'footer.licence': 'Licence',
  'footer.support': 'Support',
  'footer.copyright': '© {year} {company}',
  'footer.regulation': 'Regulatory information',
  'language.label': 'Language',
  'modal.close': 'Close',
  'nav.main': 'Main',
  'nav.account': 'Account',
  'nav.openMenu': 'Open menu',
  'nav.closeMenu': 'Close menu',
  'nav.home': '{label} home',
  'widget.merchant': 'Merchant',
  'widget.order': 'Order {id}',
  'widget.paymentFor': 'Payment for {product}',
  'widget.payWith': 'Pay with {coin}',
  'widget.checkout': 'Checkout',
  'widget.close': 'Close checkout',
  'widget.leaveTitle': 'Leave this payment?',
  'widget.leaveText': 'If you leave now, you go back to the merchant without finishing this payment.',
  'widget.keepPaying': 'Keep paying',
  'widget.leave': 'Leave',
} as const;

export type MessageKey = keyof typeof en;
/** Every catalogue has exactly the English keys: a missing Spanish text is a type error, not a blank. */
export type Messages = { readonly [K in MessageKey]: string };
