// A minimal sanitiser for the provider's regulation_html (spec §1), shown in footers.
// It never produces an HTML string: it parses the text into a tree of the few allowed nodes
// (p, strong, em, br, and a with an https href) and React renders that tree, so the browser's HTML
// parser never sees provider markup and no dangerouslySetInnerHTML exists anywhere.
// Everything else is dropped: unknown tags lose the tag but keep their text; tags whose content is
// code or foreign markup (script, style, svg, ...) lose their content too; attributes other than
// the anchor's href are ignored. Text is entity-decoded here and escaped again by React.

export type SafeTag = 'p' | 'strong' | 'em' | 'br' | 'a';
export interface SafeElement {
  tag: SafeTag;
  href?: string;
  children: SafeNode[];
}
export type SafeNode = string | SafeElement;

/** Put a limit on everything: regulation text is a paragraph or two, never a document. */
export const MAX_REGULATION_CHARS = 20_000;
const MAX_DEPTH = 12;

const CONTAINERS = new Set<SafeTag>(['p', 'strong', 'em', 'a']);
/** Tags whose content is not text meant for the reader. */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'noembed', 'noframes',
  'textarea', 'title', 'xmp', 'svg', 'math', 'select', 'head', 'plaintext',
]);

// One tag at a time, anchored with the sticky flag. Attribute values may be quoted or bare.
const OPEN_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/y;
const CLOSE_TAG = /<\/([a-zA-Z][a-zA-Z0-9-]*)[^>]*>/y;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

interface Open {
  element: SafeElement;
}

export function parseRegulationHtml(input: string): SafeNode[] {
  const html = input.slice(0, MAX_REGULATION_CHARS);
  const root: SafeNode[] = [];
  const stack: Open[] = [];
  const children = () => (stack.length ? (stack[stack.length - 1] as Open).element.children : root);
  const pushText = (text: string) => {
    if (!text) return;
    const list = children();
    const last = list[list.length - 1];
    if (typeof last === 'string') list[list.length - 1] = last + text;
    else list.push(text);
  };

  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      pushText(decodeEntities(html.slice(i)));
      break;
    }
    pushText(decodeEntities(html.slice(i, lt)));
    i = lt;

    if (html.startsWith('<!--', i)) {
      // "<!-->" and "<!--->" end at once, as in the HTML parser.
      const end = html.indexOf('-->', i + 2);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith('<!', i) || html.startsWith('<?', i)) {
      const end = html.indexOf('>', i);
      i = end === -1 ? html.length : end + 1;
      continue;
    }

    CLOSE_TAG.lastIndex = i;
    const close = CLOSE_TAG.exec(html);
    if (close) {
      i = CLOSE_TAG.lastIndex;
      const name = (close[1] as string).toLowerCase();
      const at = findOpen(stack, name);
      if (at !== -1) stack.length = at;
      continue;
    }

    OPEN_TAG.lastIndex = i;
    const open = OPEN_TAG.exec(html);
    if (!open) {
      pushText('<');
      i += 1;
      continue;
    }
    i = OPEN_TAG.lastIndex;
    const name = (open[1] as string).toLowerCase();
    const attributes = open[2] ?? '';

    if (DROP_WITH_CONTENT.has(name)) {
      i = skipPast(html, i, name);
      continue;
    }
    if (name === 'br') {
      children().push({ tag: 'br', children: [] });
      continue;
    }
    if (!CONTAINERS.has(name as SafeTag) || stack.length >= MAX_DEPTH) continue;

    if (name === 'p') stack.length = 0; // paragraphs do not nest: a new one closes whatever is open
    if (name === 'a') {
      const href = safeHref(attributes);
      if (!href || findOpen(stack, 'a') !== -1) continue; // an unsafe or nested link keeps only its text
      const element: SafeElement = { tag: 'a', href, children: [] };
      children().push(element);
      stack.push({ element });
      continue;
    }
    const element: SafeElement = { tag: name as SafeTag, children: [] };
    children().push(element);
    stack.push({ element });
  }
  return root;
}

function findOpen(stack: Open[], tag: string): number {
  for (let at = stack.length - 1; at >= 0; at--) if ((stack[at] as Open).element.tag === tag) return at;
  return -1;
}

/** Index just past the matching close tag, or the end of the input when it never closes. */
function skipPast(html: string, from: number, name: string): number {
  const close = new RegExp(`</${name}[^>]*>`, 'ig');
  close.lastIndex = from;
  return close.exec(html) ? close.lastIndex : html.length;
}

/** Only absolute https URLs; decoded first so "&#106;avascript:" cannot hide a scheme. */
export function safeHref(attributes: string): string | null {
  const match = HREF.exec(attributes);
  if (!match) return null;
  const value = decodeEntities(match[1] ?? match[2] ?? match[3] ?? '').trim();
  if (!/^https:\/\//i.test(value) || /[\u0000-\u001f\u007f\s]/.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '©', reg: '®', trade: '™',
  euro: '€', pound: '£', ndash: '–', mdash: '—', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
  laquo: '«', raquo: '»', middot: '·', sect: '§',
};

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g, (whole, body: string) => {
    if (body[0] !== '#') return Object.hasOwn(NAMED, body) ? (NAMED[body] as string) : whole;
    const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : '\ufffd';
  });
}
