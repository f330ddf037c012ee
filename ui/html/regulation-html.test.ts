import { describe, expect, it } from 'vitest';
import { decodeEntities, MAX_REGULATION_CHARS, parseRegulationHtml, type SafeNode } from './regulation-html.ts';

const p = (...children: SafeNode[]): SafeNode => ({ tag: 'p', children });
const a = (href: string, ...children: SafeNode[]): SafeNode => ({ tag: 'a', href, children });
const strong = (...children: SafeNode[]): SafeNode => ({ tag: 'strong', children });
const em = (...children: SafeNode[]): SafeNode => ({ tag: 'em', children });
const br: SafeNode = { tag: 'br', children: [] };

describe('regulation_html keeps the allowed markup', () => {
  it.each<[string, string, SafeNode[]]>([
    ['plain text', 'Regulated by the FCA.', ['Regulated by the FCA.']],
    ['paragraphs, bold, italics and line breaks', '<p>One <strong>two</strong> <em>three</em><br>four</p>', [p('One ', strong('two'), ' ', em('three'), br, 'four')]],
    ['a self-closing line break', 'a<br/>b', ['a', br, 'b']],
    ['an https link, dropping its other attributes', '<a href="https://fca.test/r?id=1" onclick="x()" style="color:red">FCA</a>', [a('https://fca.test/r?id=1', 'FCA')]],
    ['an unquoted https link', '<a href=https://fca.test/>FCA</a>', [a('https://fca.test/', 'FCA')]],
    ['an https link with an encoded ampersand', '<a href="https://x.test/?a=1&amp;b=2">x</a>', [a('https://x.test/?a=1&b=2', 'x')]],
    ['upper-case tags', '<P><STRONG>Hi</STRONG></P>', [p(strong('Hi'))]],
    ['paragraphs that are never closed, as siblings', '<p>a<p>b', [p('a'), p('b')]],
    ['entities in text as characters', '&lt;b&gt; &amp; &copy; &#169; &#xA9; &unknown;', ['<b> & © © © &unknown;']],
  ])('%s', (_name, html, expected) => {
    expect(parseRegulationHtml(html)).toEqual(expected);
  });
});

describe('regulation_html drops everything else', () => {
  it.each<[string, string, SafeNode[]]>([
    ['a script with its content', 'ok<script>alert(1)</script>!', ['ok!']],
    ['an upper-case script that never closes', 'ok<SCRIPT>alert(1)', ['ok']],
    ['a style block', '<style>body{display:none}</style>text', ['text']],
    ['an svg carrying a script', '<svg><script>alert(1)</script></svg>after', ['after']],
    ['an image with an error handler', '<img src=x onerror="alert(1)">caption', ['caption']],
    ['an iframe', '<iframe src="https://evil.test"></iframe>x', ['x']],
    ['a javascript link, keeping its text', '<a href="javascript:alert(1)">click</a>', ['click']],
    ['an entity-encoded javascript link', '<a href="&#106;avascript:alert(1)">click</a>', ['click']],
    ['a link with a leading space before javascript', '<a href=" javascript:alert(1)">x</a>', ['x']],
    ['a plain http link', '<a href="http://regulator.test">r</a>', ['r']],
    ['a protocol-relative link', '<a href="//evil.test">r</a>', ['r']],
    ['a data link with markup in its value', '<a href="data:text/html,<script>alert(1)</script>">r</a>', ['r']],
    ['a link with a tab inside the scheme', '<a href="https:\t//evil.test">r</a>', ['r']],
    ['a link nested inside a link', '<a href="https://a.test">a<a href="https://b.test">b</a></a>', [a('https://a.test/', 'ab')]],
    ['a div, keeping its text', '<div class="x"><span>kept</span></div>', ['kept']],
    ['comments, including the abrupt "<!-->" form', 'a<!-- hidden -->b<!-->c', ['abc']],
    ['a doctype and processing instructions', '<!DOCTYPE html><?xml x?>t', ['t']],
    ['stray closing tags', '</p></strong>t</a>', ['t']],
    ['a tag split to hide a script', '<scr<script>ipt>alert(1)</script>', ['<scr']],
  ])('%s', (_name, html, expected) => {
    expect(parseRegulationHtml(html)).toEqual(expected);
  });

  it('keeps a lone less-than sign as text', () => {
    expect(parseRegulationHtml('1 < 2 and 3 <> 4')).toEqual(['1 < 2 and 3 <> 4']);
  });

  it('reads at most MAX_REGULATION_CHARS characters', () => {
    const [text] = parseRegulationHtml('x'.repeat(MAX_REGULATION_CHARS + 500));
    expect(text).toHaveLength(MAX_REGULATION_CHARS);
  });

  it('stops nesting at a bounded depth but keeps the text', () => {
    const deep = '<strong><em>'.repeat(50) + 'deep';
    const text = JSON.stringify(parseRegulationHtml(deep));
    expect(text).toContain('deep');
    expect(text.split('"tag"').length - 1).toBeLessThanOrEqual(12);
  });
});

describe('entity decoding', () => {
  it.each([
    ['a zero code point as the replacement character', '&#0;', '\ufffd'],
    ['a surrogate as the replacement character', '&#xD800;', '\ufffd'],
    ['a code point beyond Unicode as the replacement character', '&#x110000;', '\ufffd'],
    ['an entity without a semicolon as text', '&amp b', '&amp b'],
  ])('%s', (_name, input, expected) => {
    expect(decodeEntities(input)).toBe(expected);
  });
});
