// The route a page load opens on, loaded before the app's first render (ui/app/start-app.tsx): its chunk
// is in the shell's preload list, so this is usually a few microtasks, and the first render is the page
// itself rather than the loading state followed by the page a frame later. Matched as the router matches
// (wouter's matchRoute with its regexparam patterns), against the path below the module's base.
import { parse } from 'regexparam';
import { matchRoute } from 'wouter';
import type { LazyRoute } from './lazy-route.ts';

export interface RouteEntry {
  path: string;
  route: LazyRoute;
}

/** The path as the router under `base` sees it: "/sys-widget/payment" under "/sys-widget" is "/payment". */
export function pathBelow(base: string, pathname: string): string {
  if (!base || base === '/') return pathname;
  return pathname === base || pathname.startsWith(`${base}/`) ? pathname.slice(base.length) || '/' : pathname;
}

/** Loads the chunk of the route `pathname` opens; settles at once when no route matches. Never rejects. */
export function preloadOpeningRoute(routes: readonly RouteEntry[], base: string, pathname: string): Promise<unknown> {
  const path = pathBelow(base, pathname);
  const entry = routes.find((candidate) => matchRoute(parse, candidate.path, path)[0]);
  return entry ? entry.route.preload() : Promise.resolve();
}
