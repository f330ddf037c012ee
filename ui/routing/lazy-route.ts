// A code-split route: its page component plus a preload() for links that prefetch it.
// A chunk that fails to load while rendering goes through the reload guard (spec §8): the page
// reloads once, or, when it already did so within 60 s, the error is thrown to the error boundary
// and the error page shows.
// Once the chunk has loaded, the page renders directly, not through React.lazy: lazy suspends on its first
// render whatever its promise has done (its module is read in a `then`), so even a page whose chunk the shell
// preloaded and startApp awaited (opening-route.ts) would open on the loading state and render a frame later.
import { createElement, lazy, type ComponentType } from 'react';
import { chunkFailureAction, sessionStorageOrNull } from './chunk-reload-guard.ts';
import { loadOnce } from './load-once.ts';

/** What the router renders a route's page with. */
type RouteProps = { params?: Record<string, string | undefined> };

export interface LazyRoute {
  Component: ComponentType<RouteProps>;
  /** Starts the download without rendering; failures are ignored (the render will retry). */
  preload: () => Promise<unknown>;
}

export function lazyRoute(load: () => Promise<{ default: ComponentType<any> }>): LazyRoute {
  let loaded: ComponentType<RouteProps> | undefined;
  const once = loadOnce(() =>
    load().then((module) => {
      loaded = module.default;
      return module;
    }),
  );
  const Suspending = lazy(() => once().catch(reloadOrRethrow));
  return {
    // The router's props (its params) go through to the page, as they went through React.lazy.
    Component: (props: RouteProps) => createElement(loaded ?? Suspending, props),
    preload: () => once().catch(() => undefined),
  };
}

function reloadOrRethrow(error: unknown): Promise<never> {
  if (chunkFailureAction(sessionStorageOrNull(), Date.now()) === 'reload') {
    globalThis.location.reload();
    // The page is going away: stay suspended (showing the loading state) instead of flashing an error.
    return new Promise<never>(() => {});
  }
  throw error;
}
