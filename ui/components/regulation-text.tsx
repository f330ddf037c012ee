// Renders the provider's regulation_html through the sanitiser's node tree (never as raw HTML).
import { Fragment, useMemo, type ReactNode } from 'react';
import { parseRegulationHtml, type SafeNode } from '../html/regulation-html.ts';

export function RegulationText({ html, className }: { html: string; className?: string }) {
  const nodes = useMemo(() => parseRegulationHtml(html), [html]);
  if (nodes.length === 0) return null;
  return <div className={className}>{nodes.map(renderNode)}</div>;
}

function renderNode(node: SafeNode, index: number): ReactNode {
  if (typeof node === 'string') return <Fragment key={index}>{node}</Fragment>;
  const children = node.children.map(renderNode);
  switch (node.tag) {
    case 'br':
      return <br key={index} />;
    case 'a':
      return (
        <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    case 'p':
      return <p key={index}>{children}</p>;
    case 'strong':
      return <strong key={index}>{children}</strong>;
    case 'em':
      return <em key={index}>{children}</em>;
  }
}
