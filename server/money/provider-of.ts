// The signed-in member's provider, ready to use: its id and its white-label permissions (spec §3
// permission flags), which gate trade, exchange, statements and Withdraw Fiat.

import type { FastifyRequest } from 'fastify';
import type { Permissions } from '#core/whitelabel.ts';
import { apiError } from '../http/api-error.ts';

export interface ReadyProvider {
  id: bigint;
  permissions: Permissions;
}

export async function readyProvider(request: FastifyRequest): Promise<ReadyProvider> {
  const state = await request.provider();
  if (state.status === 'unknown_host') throw apiError('provider_not_found');
  if (state.status === 'not_configured') throw apiError('provider_not_configured');
  return { id: state.provider.id, permissions: state.settings.permissions };
}
