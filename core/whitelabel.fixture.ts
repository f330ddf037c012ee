// A complete, valid white-label answer (the seeded Verdant Exchange provider's shape), for the tests of
// every folder that reads one (the schema's own tests, the boot reader, the pages' glue) and the
// configuration example of the API reference (core/contract/platform.ts; stripped from app bundles).
import type { WhiteLabel } from './whitelabel.ts';

export function testWhiteLabel(overrides: Partial<WhiteLabel['meta']> = {}): WhiteLabel {
  return {
    module: 'sys-blocked',
    configuration: {
      label_name: 'Verdant Exchange',
      company_name: 'Verdant Exchange Ltd',
      disclaimer: 'Crypto assets are volatile.',
      support_email: 'support@verdant.test',
      phone: '+44 20 0000 0000',
      address: '1 Example Street, London',
      terms_url: 'https://verdant.test/terms',
      privacy_url: 'https://verdant.test/privacy',
      refund_url: 'https://verdant.test/refunds',
      kyc_policy: 'https://verdant.test/kyc',
      contact_url: 'https://verdant.test/contact',
      lic_url: 'https://verdant.test/licence',
      wallet_url: '/sys-wallets',
      markets_url: '/sys-markets',
      account_prefix: 'VE',
      country_locator: '/v1/country',
      regulation_html: '<p>Regulated by the <a href="https://regulator.test">Authority</a>.</p>',
      api: '/v1',
      mapi: '/mapi',
      translations: { es: { disclaimer: 'Los criptoactivos son volátiles.' } },
    },
    permissions: {
      wl_id: '1',
      registration_new_flow: true,
      enable_flow: true,
      enable_trade: true,
      enable_exchange: true,
      enable_widget: true,
      enable_withdraw: true,
      enable_statements: true,
      hide_settlements: false,
      hide_account_verification: false,
      hide_account_value_btc: false,
    },
    meta: {
      title: 'Verdant Exchange',
      description: 'Buy and sell crypto',
      logo_url: '/brand/verdant/logo.svg',
      favicon_url: '/brand/verdant/favicon.svg',
      primary_color: '#053f2e',
      secondary_color: '#096e52',
      ...overrides,
    },
    languages: { default: 'en', supported: ['en', 'es'] },
  };
}
