// Every endpoint of the platform: the tables of each resource file, in the order the reference
// lists them. The server checks at start that each has a route, the OpenAPI document is generated
// from this list, and the contract tests walk it. Apps never import it: they import the endpoints
// they call one by one, so a bundle carries only those.

import type { AnyEndpoint } from './endpoint.ts';
import { DEV_OUTBOX_ENDPOINTS } from './dev-outbox.ts';
import { MERCHANT_INFO_ENDPOINTS } from './merchant-info.ts';
import { MERCHANT_PAYMENTS_ENDPOINTS } from './merchant-payments.ts';
import { PLATFORM_ENDPOINTS } from './platform.ts';
import { RATES_ENDPOINTS } from './rates.ts';
import { TEST_NETWORK_ENDPOINTS } from './test-network.ts';
import { WEBHOOKS_ENDPOINTS } from './webhooks.ts';

export const ENDPOINTS: readonly AnyEndpoint[] = [
  ...PLATFORM_ENDPOINTS,
  ...RATES_ENDPOINTS,
  ...WEBHOOKS_ENDPOINTS,
  ...MERCHANT_INFO_ENDPOINTS,
  ...MERCHANT_PAYMENTS_ENDPOINTS,
  ...TEST_NETWORK_ENDPOINTS,
  ...DEV_OUTBOX_ENDPOINTS,
];
