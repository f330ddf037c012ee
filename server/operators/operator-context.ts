// Who is acting in the console: what a handler of an operator endpoint reads from request.operator.

import type { OperatorRole } from '#core/operators/roles.ts';

export interface OperatorContext {
  id: bigint;
  /** The operator's provider: every query of a console handler filters by it. */
  providerId: bigint;
  role: OperatorRole;
  email: string;
  name: string;
  /** The console session this request came with. */
  sessionId: bigint;
}
