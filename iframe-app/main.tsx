// The iframe app (React API on preact/compat, 30 KB gzip budget): sys-widget, sys-buywidget,
// sys-flow, sys-remitflow. sys-widget has its pages (iframe-app/routes.ts); a route without a page
// yet (the flows, sys-buywidget) renders the 404 page inside the module's own frame.
import type { ReactNode } from 'react';
import type { ModuleName } from '#core/modules.ts';
import { AppRoot } from '#ui/app/app-root.tsx';
import { startApp } from '#ui/app/start-app.tsx';
import { preloadOpeningRoute } from '#ui/routing/opening-route.ts';
import type { Frame } from '#ui/components/error-page.tsx';
import { FlowLayout } from '#ui/layouts/flow-layout.tsx';
import { WidgetLayout } from '#ui/layouts/widget-layout.tsx';
import { useWidgetChrome } from './merchant-bridge.ts';
import { MODULE_PAGES } from './routes.ts';
import { payScreenAddress } from './widget/opening-address.ts';

const WidgetFrame: Frame = ({ children }: { children: ReactNode }) => {
  const { overlay, inline, onClose } = useWidgetChrome();
  return (
    <WidgetLayout overlay={overlay} inline={inline} onClose={onClose}>
      {children}
    </WidgetLayout>
  );
};
const FlowFrame: Frame = ({ children }: { children: ReactNode }) => <FlowLayout>{children}</FlowLayout>;

function frameFor(module: ModuleName): Frame {
  return module === 'sys-flow' || module === 'sys-remitflow' ? FlowFrame : WidgetFrame;
}

const routesOf = (module: ModuleName) => MODULE_PAGES[module as keyof typeof MODULE_PAGES] ?? [];

startApp(
  (boot) => <AppRoot routes={routesOf(boot.module)} Frame={frameFor(boot.module)} />,
  (boot) => {
    // A pay.js frame whose payment waits on the pay screen opens there (widget/opening-address.ts).
    const payScreen = boot.module === 'sys-widget' ? payScreenAddress(boot.base, location.pathname, location.search, boot.payment) : null;
    if (payScreen) history.replaceState(history.state, '', payScreen);
    return preloadOpeningRoute(routesOf(boot.module), boot.base, location.pathname);
  },
);
