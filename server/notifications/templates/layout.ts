// The one layout of every mail: a greeting-free paragraph list, the figure that matters set apart,
// and the provider's footer. Text and HTML carry the same words.

import type { Brand } from './brand.ts';
import { escapeHtml } from './escape-html.ts';
import type { MessageLocale } from './locale.ts';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const FOOTER = {
  en: (brand: Brand) => `${brand.company_name}${brand.support_email ? ` · Questions? Write to ${brand.support_email}` : ''}`,
  es: (brand: Brand) => `${brand.company_name}${brand.support_email ? ` · ¿Preguntas? Escríbenos a ${brand.support_email}` : ''}`,
} as const;

export function renderEmail(brand: Brand, locale: MessageLocale, subject: string, lead: string, highlight: string, after: string[]): RenderedEmail {
  const footer = FOOTER[locale](brand);
  const text = [lead, '', highlight, '', ...after.flatMap((line) => [line, '']), '--', footer].join('\n');
  const isLink = /^https?:\/\//.test(highlight);
  const shown = isLink
    ? `<p><a href="${escapeHtml(highlight)}">${escapeHtml(highlight)}</a></p>`
    : `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(highlight)}</p>`;
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif">`,
    `<h1 style="font-size:18px">${escapeHtml(brand.label_name)}</h1>`,
    `<p>${escapeHtml(lead)}</p>`,
    shown,
    ...after.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<hr><p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}
