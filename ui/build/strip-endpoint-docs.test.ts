import { describe, expect, it } from 'vitest';
import { parseAst } from 'rollup/parseAst';
import { stripEndpointDocs } from './strip-endpoint-docs.mjs';

function strip(code: string, id = '/repo/core/contract/users.ts'): string | null {
  const plugin = stripEndpointDocs();
  const transform = plugin.transform as (this: { parse: typeof parseAst }, code: string, id: string) => { code: string } | null;
  return transform.call({ parse: parseAst }, code, id)?.code ?? null;
}

describe('stripping endpoint docs from the app bundles', () => {
  it('removes the docs property of every endpoint() call and keeps the rest', () => {
    const code = [
      'export const a = endpoint({ id: "a", path: "x", docs: { summary: "One", example: { answer: 1 } }, rate: "none" });',
      'export const b = endpoint({ id: "b", docs: { summary: "Two" } });',
    ].join('\n');
    const out = strip(code);
    expect(out).not.toContain('summary');
    expect(out).toMatch(/id: "a", path: "x",\s+rate: "none"/);
    expect(out).toContain('endpoint({ id: "b", })');
  });

  it.each([
    ['a file outside core/contract', '/repo/ui/api/x.ts', 'endpoint({ docs: { summary: "kept" } })'],
    ['a docs property of another call', '/repo/core/contract/x.ts', 'other({ docs: { summary: "kept" } })'],
    ['a computed docs key', '/repo/core/contract/x.ts', 'endpoint({ ["docs"]: { summary: "kept" } })'],
  ])('leaves %s alone', (_name, id, code) => {
    const out = strip(code, id);
    expect(out ?? code).toContain('kept');
  });
});
