// The two demo providers the seed creates (common contract: wl_id "1" on localhost and 127.0.0.1,
// wl_id "2" with its alternate branding on wl2.localhost). Their flags differ on purpose so the
// permission gates of spec §6 visibly differ between the two: Harbor Coin can withdraw but not trade.
// Legal links point at the reserved .example domain: they are demo providers, not real companies.
// The disclaimer and regulation text are in the default language (en), with Spanish translations.

import type { ProviderSettings } from '#core/whitelabel.ts';

export interface SeedProvider {
  wlId: string;
  name: string;
  hosts: readonly string[];
  settings: ProviderSettings;
  /** Passwords older than this many days must be changed before anything else (NULL: never). */
  passwordMaxAgeDays: number | null;
}

function legalLinks(site: string) {
  return {
    terms_url: `${site}/legal/terms`,
    privacy_url: `${site}/legal/privacy`,
    refund_url: `${site}/legal/refunds`,
    kyc_policy: `${site}/legal/kyc-aml-policy`,
    contact_url: `${site}/contact`,
    lic_url: `${site}/legal/licence`,
  };
}

/** Same-origin paths: every provider is served by this platform, under its own host. */
const PLATFORM_PATHS = {
  wallet_url: '/sys-wallets',
  markets_url: '/sys-markets',
  country_locator: '/v1/geo/country',
  api: '/v1',
  mapi: '/mapi',
} as const;

export const VERDANT: SeedProvider = {
  wlId: '1',
  passwordMaxAgeDays: null,
  name: 'Verdant Exchange',
  hosts: ['localhost', '127.0.0.1'],
  settings: {
    configuration: {
      label_name: 'Verdant Exchange',
      company_name: 'Verdant Exchange Ltd',
      disclaimer:
        'Crypto assets are volatile and not covered by deposit protection. Verdant Exchange is a demonstration provider running in test mode: no real money moves.',
      support_email: 'support@verdant-exchange.example',
      phone: '+44 20 7946 0000',
      address: '1 Demo Yard, London EC1A 1AA, United Kingdom',
      ...legalLinks('https://verdant-exchange.example'),
      ...PLATFORM_PATHS,
      account_prefix: 'VX',
      regulation_html:
        '<p>Verdant Exchange Ltd is a demonstration company. It is not authorised or regulated by any financial authority.</p>',
      translations: {
        es: {
          disclaimer:
            'Los criptoactivos son volátiles y no están cubiertos por ningún sistema de garantía de depósitos. Verdant Exchange es un proveedor de demostración que funciona en modo de prueba: no se mueve dinero real.',
          regulation_html:
            '<p>Verdant Exchange Ltd es una empresa de demostración. No está autorizada ni regulada por ninguna autoridad financiera.</p>',
        },
      },
    },
    permissions: {
      wl_id: '1',
      registration_new_flow: true,
      enable_flow: true,
      enable_trade: true,
      enable_exchange: true,
      enable_widget: true,
      enable_withdraw: false,
      enable_statements: true,
      hide_settlements: false,
      hide_account_verification: false,
      hide_account_value_btc: false,
    },
    meta: {
      title: 'Verdant Exchange',
      description: 'Buy, sell and hold crypto and fiat with Verdant Exchange.',
      logo_url: '/brand/verdant/logo.svg',
      favicon_url: '/brand/verdant/favicon.svg',
      primary_color: '#053f2e',
      secondary_color: '#096e52',
    },
    languages: { default: 'en', supported: ['en', 'es'] },
  },
};

export const HARBOR: SeedProvider = {
  wlId: '2',
  passwordMaxAgeDays: 180,
  name: 'Harbor Coin',
  hosts: ['wl2.localhost'],
  settings: {
    configuration: {
      label_name: 'Harbor Coin',
      company_name: 'Harbor Coin S.L.',
      disclaimer:
        'Operating crypto assets carries risk. Harbor Coin is a demonstration provider running in test mode: no real money moves.',
      support_email: 'help@harbor-coin.example',
      phone: '+34 910 000 000',
      address: 'Calle del Puerto 2, 28001 Madrid, Spain',
      ...legalLinks('https://harbor-coin.example'),
      ...PLATFORM_PATHS,
      account_prefix: 'HC',
      regulation_html: '<p>Harbor Coin S.L. is a demonstration company. It is not registered with any financial supervisor.</p>',
      translations: {
        es: {
          disclaimer:
            'Operar con criptoactivos conlleva riesgos. Harbor Coin es un proveedor de demostración que funciona en modo de prueba: no se mueve dinero real.',
          regulation_html: '<p>Harbor Coin S.L. es una empresa de demostración. No está inscrita en ningún registro de supervisión financiera.</p>',
        },
      },
    },
    permissions: {
      wl_id: '2',
      registration_new_flow: false,
      enable_flow: true,
      enable_trade: false,
      enable_exchange: true,
      enable_widget: false,
      enable_withdraw: true,
      enable_statements: false,
      hide_settlements: true,
      hide_account_verification: false,
      hide_account_value_btc: true,
    },
    meta: {
      title: 'Harbor Coin',
      description: 'Your harbour for crypto: buy, sell and send with Harbor Coin.',
      logo_url: '/brand/harbor/logo.svg',
      favicon_url: '/brand/harbor/favicon.svg',
      primary_color: '#1d3557',
      secondary_color: '#457b9d',
    },
    languages: { default: 'en', supported: ['en', 'es'] },
  },
};

export const SEED_PROVIDERS: readonly SeedProvider[] = [VERDANT, HARBOR];
