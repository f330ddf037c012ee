// schema.org descriptions of the markets pages: a breadcrumb trail for both, and for a coin page the
// coin and, when it is offered here, its price in the page's fiat at the moment of rendering.

import type { CoinPageData } from '#core/markets/markets-page-data.ts';

interface Crumb {
  name: string;
  url: string;
}

export function breadcrumbs(crumbs: readonly Crumb[]): unknown {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

export function coinJsonLd(data: CoinPageData, page: { url: string; title: string; description: string; language: string }): unknown {
  const { coin } = data;
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: page.title,
    description: page.description,
    url: page.url,
    inLanguage: page.language,
    about: {
      '@type': 'Thing',
      name: coin.name,
      alternateName: coin.iso,
      ...(coin.facts.website ? { sameAs: coin.facts.website } : {}),
    },
    ...(data.price
      ? {
          mainEntity: {
            '@type': 'ExchangeRateSpecification',
            currency: coin.iso,
            currentExchangeRate: { '@type': 'UnitPriceSpecification', price: data.price, priceCurrency: data.fiat },
          },
        }
      : {}),
  };
}
