// Which endpoints we POST merchants' events to, judged from the URL text alone (set time and again at
// delivery). Live: https only, to a public host. Test mode also allows plain http to this machine, so a
// developer's local receiver works. A URL with credentials is refused: a password in a URL ends up in logs
// and screens. What a host NAME points at is only known when it is resolved: delivery-target.ts does that
// at delivery time and connects to the address it checked.

import type { Env } from '../env.ts';
import { isLoopback, refusedAddress } from './address-policy.ts';

export type WebhookUrlCheck =
  | { ok: true; url: string; hostname: string; /** the address when the URL names one instead of a host name */ literal: string | null }
  | { ok: false; message: string };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

// IANA's special-use domain names (RFC 6761 and later) and ICANN's .internal: none is a public web server.
const SPECIAL_SUFFIXES = ['localhost', 'local', 'internal', 'arpa', 'test', 'invalid', 'example', 'onion', 'alt', 'lan', 'intranet', 'corp', 'home'];
// A name that spells an IPv4 address in its labels (127.0.0.1.nip.io, 10.0.0.1.sslip.io) is wildcard DNS
// made to point wherever the name says.
const EMBEDDED_IPV4 = /(^|\.)(\d{1,3}\.){3}\d{1,3}(\.|$)/;

const PUBLIC_HOST = 'Use a public host: we cannot deliver to a private or local address.';

/** The host exactly as typed: the URL parser turns 0x7f.1 or 2130706433 into 127.0.0.1, and we want to see the trick. */
function typedHost(raw: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/?#:]*)/i.exec(raw.trim());
  return (match?.[1] ?? '').toLowerCase();
}

function hostProblem(host: string, raw: string, mode: Env['MODE']): string | null {
  if (host.startsWith('[')) {
    const address = host.slice(1, -1);
    if (mode === 'test' && isLoopback(address)) return null;
    const why = refusedAddress(address);
    return why ? `${PUBLIC_HOST} (${address} is ${why}).` : null;
  }
  if (/^[\d.]+$/.test(host)) {
    // An IPv4 address: only in the usual four decimal numbers, as typed.
    if (typedHost(raw) !== host) return 'Write the address as four decimal numbers, such as 203.0.113.7, or use a host name.';
    if (mode === 'test' && isLoopback(host)) return null;
    const why = refusedAddress(host);
    return why ? `${PUBLIC_HOST} (${host} is ${why}).` : null;
  }
  if (mode === 'test' && host === 'localhost') return null;
  if (host.endsWith('.')) return 'Remove the dot at the end of the host name.';
  if (!host.includes('.')) return `${PUBLIC_HOST} (a host name needs a domain, such as hooks.example.com).`;
  const last = host.slice(host.lastIndexOf('.') + 1);
  if (SPECIAL_SUFFIXES.includes(last) || host.endsWith('.home.arpa')) return `${PUBLIC_HOST} (.${last} names are not on the public internet).`;
  if (EMBEDDED_IPV4.test(host)) return `${PUBLIC_HOST} (a host name that spells an IP address is refused).`;
  return null;
}

export function checkWebhookUrl(raw: string, mode: Env['MODE']): WebhookUrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: 'Enter a full URL such as https://shop.example.com/webhooks.' };
  }
  if (url.username || url.password) return { ok: false, message: 'Remove the user name and password from the webhook URL.' };
  const host = url.hostname.toLowerCase();
  const plainLocal = url.protocol === 'http:' && mode === 'test' && LOCAL_HOSTS.has(host);
  if (url.protocol !== 'https:' && !plainLocal) {
    return { ok: false, message: mode === 'test' ? 'Use an https:// URL (or http://127.0.0.1 / http://localhost in test mode).' : 'Use an https:// URL.' };
  }
  const problem = hostProblem(host, raw, mode);
  if (problem) return { ok: false, message: problem };
  const literal = host.startsWith('[') ? host.slice(1, -1) : /^[\d.]+$/.test(host) ? host : null;
  return { ok: true, url: url.href, hostname: host, literal };
}
