// What both apps share above their pages: the router with the module prefix as base, the
// missing-configuration redirect to /error, the 404 for BootData.status 404 or an unsupported
// `lang`, the /error route, lazy routes under Suspense, the error boundary, link prefetch and the
// modal auto-hide. Apps pass their route table and the frame their error and 404 pages sit in.
import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { matchRoute, Redirect, Route, Router, Switch, useLocation, useRouter, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { useBootStore } from '../boot/boot-store.ts';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { ErrorScreen, type ErrorDetails, type Frame } from '../components/error-page.tsx';
import { LoadingState } from '../components/loading-state.tsx';
import { NotFoundScreen } from '../components/not-found-page.tsx';
import { useT } from '../i18n/use-t.ts';
import { useModalAutoHide } from '../modal/use-modal-auto-hide.ts';
import type { LazyRoute } from '../routing/lazy-route.ts';
import { PrefetchContext, type PrefetchResolver } from '../routing/prefetch-context.ts';

export interface AppRoute {
  /** wouter pattern relative to the module base; must be one of core/modules.ts MODULE_ROUTES. */
  path: string;
  route: LazyRoute;
}

export interface AppRootProps {
  routes: readonly AppRoute[];
  Frame: Frame;
}

export function AppRoot({ routes, Frame }: AppRootProps) {
  const base = useBootStore((state) => state.boot.base);
  return (
    <Router base={base}>
      <Prefetch routes={routes}>
        <Pages routes={routes} Frame={Frame} />
      </Prefetch>
    </Router>
  );
}

function Prefetch({ routes, children }: { routes: readonly AppRoute[]; children: ReactNode }) {
  const { parser } = useRouter();
  const resolve: PrefetchResolver = useCallback(
    (path) => routes.find((entry) => matchRoute(parser, entry.path, path)[0])?.route.preload,
    [routes, parser],
  );
  return <PrefetchContext.Provider value={resolve}>{children}</PrefetchContext.Provider>;
}

function Pages({ routes, Frame }: AppRootProps) {
  useModalAutoHide();
  const [location] = useLocation();
  const address = `${location}?${useSearch()}`;
  const firstAddress = useRef(address);
  const configured = useBootStore((state) => state.boot.whitelabel !== null);
  const notFound = useBootStore((state) => state.notFound);

  if (!configured && location !== '/error') return <Redirect to="/error" replace />;
  // The server's verdict (or the lang check) is about the address the page was loaded with; a
  // link followed from the 404 page (even to the same path without the bad ?lang) leaves it.
  if (notFound && address === firstAddress.current) return <NotFoundScreen Frame={Frame} />;

  return (
    <ErrorBoundary resetKey={location} fallback={(error) => <CaughtErrorScreen Frame={Frame} error={error} />}>
      <Suspense fallback={<LoadingState />}>
        <Switch>
          <Route path="/error">
            <ErrorRoute Frame={Frame} />
          </Route>
          {routes.map((entry) => (
            <Route key={entry.path} path={entry.path} component={entry.route.Component} />
          ))}
          <Route>
            <NotFoundScreen Frame={Frame} />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * /error shows what sent the user there: missing configuration, the { status, message } a page put
 * in history.state when it navigated here, or, visited directly, status 500 with the fallback sentence.
 */
function ErrorRoute({ Frame }: { Frame: Frame }) {
  const t = useT();
  const configured = useBootStore((state) => state.boot.whitelabel !== null);
  const state = useHistoryState<unknown>();
  const details: ErrorDetails = configured ? errorFromState(state) : { status: 404, message: t('error.missingConfiguration') };
  return <ErrorScreen Frame={Frame} {...details} />;
}

export function errorFromState(state: unknown): ErrorDetails {
  if (typeof state !== 'object' || state === null) return { status: 500 };
  const { status, message } = state as { status?: unknown; message?: unknown };
  const code = typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
  return typeof message === 'string' && message.length > 0 && message.length <= 300 ? { status: code, message } : { status: code };
}

type Catalogue = Readonly<Record<string, { message: string }>>;

/** Only errors that are values from the catalogue carry a message meant for users; others stay hidden. */
export function userMessage(error: unknown, catalogue: Catalogue): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && Object.hasOwn(catalogue, code) ? catalogue[code]?.message : undefined;
}

/**
 * An error caught while rendering. The error catalogue is loaded only now: it grows with every
 * endpoint, and the widget's first load should not carry a message for every error of the platform.
 * The fallback sentence shows until it arrives (or if it cannot load).
 */
function CaughtErrorScreen({ Frame, error }: { Frame: Frame; error: unknown }) {
  const [message, setMessage] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (typeof error !== 'object' || error === null || !('code' in error)) return;
    let live = true;
    import('#core/errors.ts').then(
      ({ ERRORS }) => live && setMessage(userMessage(error, ERRORS)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [error]);
  return <ErrorScreen Frame={Frame} status={500} message={message} />;
}
