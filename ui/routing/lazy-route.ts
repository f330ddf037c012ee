// A code-split route: a React.lazy component plus a preload() for links that prefetch it.
// A chunk that fails to load while rendering goes through the reload guard (spec §8): the page
// reloads once, or, when it already did so within 60 s, the error is thrown to the error boundary
// and the error page shows.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { chunkFailureAction, sessionStorageOrNull } from './chunk-reload-guard.ts';
import { loadOnce } from './load-once.ts';

export interface LazyRoute {
  Component: LazyExoticComponent<ComponentType>;
  /** Starts the download without rendering; failures are ignored (the render will retry). */
  preload: () => Promise<unknown>;
}

export function lazyRoute(load: () => Promise<{ default: ComponentType }>): LazyRoute {
  const once = loadOnce(load);
  return {
    Component: lazy(() => once().catch(reloadOrRethrow)),
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
