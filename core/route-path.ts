// One spelling of a route path, so "/payment/" and "/payment" are the same place when a rule
// compares its target with where the user is (a mismatch there would be a redirect loop).

/** Drop one trailing slash (except on "/"); the empty path is "/". */
export function normaliseRoutePath(path: string): string {
  if (path === '') return '/';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
