// Makes the Kysely instance available to every route as `app.db`. The app does not own the
// database: whoever built it (main.ts, the test helper) closes it after the app.

import { globalPlugin } from './global-plugin.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

export const databasePlugin = globalPlugin<{ db: Kysely<Database> }>(
  'database',
  async (app, { db }) => {
    app.decorate('db', db);
  },
);
