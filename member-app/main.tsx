// The member app (real React): sys-wallets, sys-blocked, sys-maintenance, and sys-admin (the operator console).
// The server tells which module this page belongs to through BootData; each page is a lazy chunk.
import { AppRoot } from '#ui/app/app-root.tsx';
import { startApp } from '#ui/app/start-app.tsx';
import { ErrorLayout } from '#ui/layouts/error-layout.tsx';
import { isMemberModule } from './member-module.ts';
import { MODULE_PAGES } from './routes.ts';

startApp((boot) => <AppRoot routes={isMemberModule(boot.module) ? MODULE_PAGES[boot.module] : []} Frame={ErrorLayout} />);
