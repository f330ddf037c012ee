// The endpoint table of core/contract carries, per endpoint, its reference documentation: a summary,
// the error codes and an example request and answer. The server and the OpenAPI document need them;
// a browser never does. This transform removes the `docs` property from every `endpoint({...})` call
// of core/contract before bundling, the way Preact keeps its debug diagnostics out of shipped builds,
// so the typed client costs the apps only the method, the path and the schemas of what they call.
// Production builds only: development builds keep the property (and exact source maps).

const CONTRACT_FILE = /[\\/]core[\\/]contract[\\/][^\\/]+\.ts$/;

/**
 * The [start, end) ranges of `docs: ...` properties (with their trailing comma) in endpoint() calls.
 * @param {any} node an ESTree node
 * @param {string} code
 * @param {[number, number][]} ranges
 */
function collect(node, code, ranges) {
  if (!node || typeof node.type !== 'string') return;
  if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'endpoint') {
    const [definition] = node.arguments;
    if (definition?.type === 'ObjectExpression') {
      for (const property of definition.properties) {
        if (property.type === 'Property' && !property.computed && property.key.type === 'Identifier' && property.key.name === 'docs') {
          let end = property.end;
          while (end < code.length && /\s/.test(code[end])) end += 1;
          if (code[end] === ',') end += 1;
          ranges.push([property.start, end]);
        }
      }
    }
  }
  for (const key of Object.keys(node)) {
    const child = node[key];
    if (Array.isArray(child)) for (const item of child) collect(item, code, ranges);
    else if (child && typeof child === 'object' && key !== 'parent') collect(child, code, ranges);
  }
}

/** @returns {import('rollup').Plugin} */
export function stripEndpointDocs() {
  return {
    name: 'strip-endpoint-docs',
    transform(code, id) {
      if (!CONTRACT_FILE.test(id) || !code.includes('docs')) return null;
      /** @type {[number, number][]} */
      const ranges = [];
      collect(this.parse(code), code, ranges);
      if (ranges.length === 0) return null;
      let stripped = code;
      for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) stripped = stripped.slice(0, start) + stripped.slice(end);
      return { code: stripped, map: null };
    },
  };
}
