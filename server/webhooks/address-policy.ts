// Which IP addresses a webhook may be delivered to. A merchant chooses the URL, so without this our server
// would POST, on the merchant's behalf, into our own network (cloud metadata, databases, admin panels).
// The tables are IANA's IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and its updates), the
// multicast ranges, and, for IPv6, everything outside 2000::/3 (the only block allocated for global
// unicast). Every special-purpose entry is refused, even the few the registry marks globally reachable
// (AS112, AMT, the 6to4 and Teredo relays, NAT64's 64:ff9b::/96): none is a merchant's web server, and
// the translation prefixes carry an IPv4 address inside that could be a private one.

import ipaddr from 'ipaddr.js';

interface Range {
  cidr: string;
  why: string;
}

export const IPV4_REFUSED: readonly Range[] = [
  { cidr: '0.0.0.0/8', why: '"this network" (unspecified)' },
  { cidr: '10.0.0.0/8', why: 'private' },
  { cidr: '100.64.0.0/10', why: 'shared address space (carrier-grade NAT)' },
  { cidr: '127.0.0.0/8', why: 'loopback' },
  { cidr: '169.254.0.0/16', why: 'link-local' },
  { cidr: '172.16.0.0/12', why: 'private' },
  { cidr: '192.0.0.0/24', why: 'IETF protocol assignments' },
  { cidr: '192.0.2.0/24', why: 'documentation (TEST-NET-1)' },
  { cidr: '192.31.196.0/24', why: 'AS112' },
  { cidr: '192.52.193.0/24', why: 'AMT' },
  { cidr: '192.88.99.0/24', why: 'deprecated 6to4 relay anycast' },
  { cidr: '192.168.0.0/16', why: 'private' },
  { cidr: '192.175.48.0/24', why: 'AS112 direct delegation' },
  { cidr: '198.18.0.0/15', why: 'benchmarking' },
  { cidr: '198.51.100.0/24', why: 'documentation (TEST-NET-2)' },
  { cidr: '203.0.113.0/24', why: 'documentation (TEST-NET-3)' },
  { cidr: '224.0.0.0/4', why: 'multicast' },
  // Broadcast first: it lies inside 240/4 and its own name says more.
  { cidr: '255.255.255.255/32', why: 'limited broadcast' },
  { cidr: '240.0.0.0/4', why: 'reserved' },
];

export const IPV6_REFUSED: readonly Range[] = [
  { cidr: '::/128', why: 'unspecified' },
  { cidr: '::1/128', why: 'loopback' },
  { cidr: '::ffff:0:0/96', why: 'IPv4-mapped' },
  { cidr: '::/96', why: 'IPv4-compatible (deprecated)' },
  { cidr: '64:ff9b::/96', why: 'NAT64 (IPv4/IPv6 translation)' },
  { cidr: '64:ff9b:1::/48', why: 'NAT64 local-use translation' },
  { cidr: '100::/64', why: 'discard-only' },
  { cidr: '100:0:0:1::/64', why: 'dummy prefix' },
  { cidr: '2001::/23', why: 'IETF protocol assignments (Teredo, benchmarking, ORCHID, ...)' },
  { cidr: '2001:db8::/32', why: 'documentation' },
  { cidr: '2002::/16', why: '6to4' },
  { cidr: '2620:4f:8000::/48', why: 'AS112' },
  { cidr: '3fff::/20', why: 'documentation' },
  { cidr: '5f00::/16', why: 'segment routing (SRv6) SIDs' },
  { cidr: 'fc00::/7', why: 'unique local (private)' },
  { cidr: 'fe80::/10', why: 'link-local' },
  { cidr: 'fec0::/10', why: 'site-local (deprecated)' },
  { cidr: 'ff00::/8', why: 'multicast' },
];

const parsedV4 = IPV4_REFUSED.map((range) => ({ ...range, net: ipaddr.IPv4.parseCIDR(range.cidr) }));
const parsedV6 = IPV6_REFUSED.map((range) => ({ ...range, net: ipaddr.IPv6.parseCIDR(range.cidr) }));
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** The loopback ranges test mode lets through, so a developer's receiver on this machine works. */
export function isLoopback(address: string): boolean {
  const parsed = parseStrict(address);
  if (!parsed) return false;
  if (parsed.kind() === 'ipv4') return (parsed as ipaddr.IPv4).match(ipaddr.IPv4.parseCIDR('127.0.0.0/8'));
  return parsed.toNormalizedString() === '0:0:0:0:0:0:0:1';
}

/** An address in canonical textual form only: 127.1, 0x7f.0.0.1 or 2130706433 are not addresses here. */
function parseStrict(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[|\]$/g, '');
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (bare.includes(':') && ipaddr.IPv6.isValid(bare) && !bare.includes('%')) return ipaddr.IPv6.parse(bare);
  return null;
}

/**
 * Why this address must not be called, or null when it is a public unicast address. Anything that does not
 * parse as a canonical IPv4 or IPv6 address is refused too: a resolver that answers something odd is not
 * a reason to connect.
 */
export function refusedAddress(address: string): string | null {
  const parsed = parseStrict(address);
  if (!parsed) return 'not an IP address';
  if (parsed.kind() === 'ipv4') {
    const v4 = parsed as ipaddr.IPv4;
    return parsedV4.find((range) => v4.match(range.net))?.why ?? null;
  }
  const v6 = parsed as ipaddr.IPv6;
  const special = parsedV6.find((range) => v6.match(range.net));
  if (special) return special.why;
  if (!v6.match(GLOBAL_UNICAST_V6)) return 'reserved (outside global unicast 2000::/3)';
  return null;
}
