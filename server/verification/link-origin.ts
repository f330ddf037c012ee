// Where a mailed link (a password reset, a sign-in link) points: the provider's own host, the
// request's host name with PUBLIC_URL's scheme and port, so a Harbor Coin member lands on Harbor
// Coin. Safe from Host-header poisoning: only a host registered to a provider resolves at all, and
// the port is never taken from the request.

export function linkOrigin(publicUrl: string, hostname: string): string {
  const url = new URL(publicUrl);
  url.hostname = hostname;
  return url.origin;
}
