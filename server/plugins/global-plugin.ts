// A plugin whose decorators and hooks apply to the whole app instead of its own encapsulated
// context. This is exactly what the fastify-plugin package does (Fastify's documented
// `skip-override` symbol); written out here because that package is not a direct dependency.

import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

export function globalPlugin<Options extends FastifyPluginOptions>(name: string, plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  const marked = plugin as FastifyPluginAsync<Options> & Record<symbol, unknown>;
  marked[Symbol.for('skip-override')] = true;
  marked[Symbol.for('fastify.display-name')] = name;
  return marked;
}
