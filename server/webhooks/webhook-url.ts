// Which endpoints we POST merchants' events to. Live: https only, to a public host name or address (a URL
// naming localhost or a private, loopback or link-local address would make our server call into its own
// network). Test mode also allows plain http to this machine, so a developer's local receiver works.
// A URL with credentials is refused: a password in a URL ends up in logs and screens.

import { isIP } from 'node:net';
import type { Env } from '../env.ts';

export type WebhookUrlCheck = { ok: true; url: string } | { ok: false; message: string };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isPrivateAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) {
    const [a = 0, b = 0] = bare.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  if (isIP(bare) === 6) return bare === '::1' || bare === '::' || /^f[cd]/.test(bare) || /^fe[89ab]/.test(bare) || bare.startsWith('::ffff:');
  return false;
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
  if (url.protocol === 'http:' && mode === 'test' && LOCAL_HOSTS.has(host)) return { ok: true, url: url.href };
  if (url.protocol !== 'https:') {
    return { ok: false, message: mode === 'test' ? 'Use an https:// URL (or http://127.0.0.1 / http://localhost in test mode).' : 'Use an https:// URL.' };
  }
  if (mode === 'live' && isPrivateAddress(host)) return { ok: false, message: 'Use a public host: we cannot deliver to a private or local address.' };
  return { ok: true, url: url.href };
}
