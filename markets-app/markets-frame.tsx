// The markets site's frame: the home (marketing) layout of spec §2 with "Markets" in its navigation
// and the member app's sign-in and registration as its calls to action.
import type { ReactNode } from 'react';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { HomeLayout } from '#ui/layouts/home-layout.tsx';
import { useMarketsT } from './i18n/use-markets-t.ts';
import { pricesHref, type LinkContext } from './markets-links.ts';

export function MarketsFrame({ links, current, children }: { links: LinkContext; current: 'prices' | 'coin' | 'none'; children: ReactNode }) {
  const t = useMarketsT();
  const wallet = useWhiteLabel()?.configuration.wallet_url ?? '/sys-wallets';
  return (
    <HomeLayout
      nav={
        <ul>
          <li>
            <a href={pricesHref(links)} aria-current={current === 'prices' ? 'page' : undefined}>{t('nav.markets')}</a>
          </li>
        </ul>
      }
      actions={
        <>
          <a className="button button--secondary markets-header__signin" href={`${wallet}/login`}>{t('nav.signIn')}</a>
          <a className="button button--primary" href={`${wallet}/register`}>{t('nav.register')}</a>
        </>
      }
    >
      {children}
    </HomeLayout>
  );
}
