// Every endpoint of the platform: the tables of each resource file, in the order the reference
// lists them. The server checks at start that each has a route, the OpenAPI document is generated
// from this list, and the contract tests walk it. Apps never import it: they import the endpoints
// they call one by one, so a bundle carries only those.

import type { AnyEndpoint } from './endpoint.ts';
import { PROFILE_ENDPOINTS } from './profile.ts';
import { RATES_ENDPOINTS } from './rates.ts';
import { REGISTRATION_ENDPOINTS } from './registration.ts';
import { SESSIONS_ENDPOINTS } from './sessions.ts';
import { VERIFY_ENDPOINTS } from './verify.ts';

export const ENDPOINTS: readonly AnyEndpoint[] = [...SESSIONS_ENDPOINTS, ...REGISTRATION_ENDPOINTS, ...PROFILE_ENDPOINTS, ...VERIFY_ENDPOINTS, ...RATES_ENDPOINTS];
