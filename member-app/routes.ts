// The member app's pages per module. A route of core/modules.ts MODULE_ROUTES without an entry
// here renders the 404 page: the page does not exist yet, and saying so beats a blank screen.
import type { MemberModule } from './member-module.ts';
import type { AppRoute } from '#ui/app/app-root.tsx';
import { lazyRoute } from '#ui/routing/lazy-route.ts';

const blocked = lazyRoute(() => import('./pages/blocked-page.tsx'));
const maintenance = lazyRoute(() => import('./pages/maintenance-page.tsx'));

export const MODULE_PAGES: Record<MemberModule, readonly AppRoute[]> = {
  'sys-wallets': [],
  'sys-markets': [],
  'sys-blocked': [
    { path: '/', route: blocked },
    { path: '/:slug', route: blocked },
  ],
  'sys-maintenance': [
    { path: '/', route: maintenance },
    { path: '/:slug', route: maintenance },
  ],
};
