// The API reference itself: the OpenAPI 3.1 document of every endpoint of this table's siblings,
// generated from them on the server (server/docs/openapi.ts) and rendered at /docs.

import * as v from 'valibot';
import { endpoint } from './endpoint.ts';

export const openApiDocument = endpoint({
  id: 'reference.openApiDocument',
  method: 'GET',
  base: 'root',
  path: 'docs/openapi.json',
  caller: 'public',
  answer: v.looseObject({ openapi: v.literal('3.1.0'), info: v.looseObject({ title: v.string(), version: v.string() }), paths: v.record(v.string(), v.unknown()) }),
  format: 'raw',
  idempotency: false,
  rate: 'none',
  docs: {
    summary: 'This reference as an OpenAPI 3.1 document, for code generators and API tools.',
    errors: [],
    example: { answer: { openapi: '3.1.0', info: { title: 'PayKit platform API', version: '0.1.0' }, paths: {} } },
  },
});

export const REFERENCE_ENDPOINTS = [openApiDocument];
