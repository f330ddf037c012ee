// Every route the app registers, as method and URL, in registration order. Read by the test that
// holds the server's routes against the OpenAPI document (a route registered outside the endpoint
// table, or an endpoint without a route, fails it). Register before any route.

import type { RouteOptions } from 'fastify';
import { globalPlugin } from './global-plugin.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RegisteredRoute[];
  }
}

export const routeTablePlugin = globalPlugin('route-table', async (app) => {
  const table: RegisteredRoute[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) table.push({ method, url: route.url });
  });
});
