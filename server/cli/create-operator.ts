// `npx tsx server/cli/create-operator.ts <provider wl_id> <email> <role> <name...>`: makes a console
// operator, the only way to get the first admin of a live provider (test mode seeds demo operators).
// Prints, once, a generated password and the TOTP secret with its otpauth:// URI for an authenticator app;
// neither is stored in clear (scrypt, and the secret sealed with APP_SECRET). Opens the same database as the
// server (DATA_DIR or DATABASE_URL); with PGlite, stop the server first (one process per data directory).

import { randomBytes } from 'node:crypto';
import { otpauthUri } from '#core/compliance/totp.ts';
import { EmailSchema } from '#core/contract/fields.ts';
import { isOperatorRole, OPERATOR_ROLES } from '#core/operators/roles.ts';
import * as v from 'valibot';
import { createDatabase } from '../db/database.ts';
import { readEnv } from '../env.ts';
import { createOperator } from '../operators/create-operator.ts';
import { totpBoxFor } from '../operators/totp-box.ts';

const USAGE = `Usage: npx tsx server/cli/create-operator.ts <provider wl_id> <email> <${OPERATOR_ROLES.join('|')}> <name...>`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const [wlId, rawEmail, role, ...nameParts] = process.argv.slice(2);
const email = v.safeParse(EmailSchema, rawEmail ?? '');
const name = nameParts.join(' ').trim();
if (!wlId || !email.success || !isOperatorRole(role) || name === '') fail(USAGE, 2);

const env = readEnv(process.env);
if (!env.ok) fail('The environment has problems:\n' + env.problems.map((p) => `  - ${p}`).join('\n'));
const database = await createDatabase(env.value);
try {
  const provider = await database.db.selectFrom('providers').select(['id', 'name']).where('wl_id', '=', wlId).executeTakeFirst();
  if (!provider) fail(`No provider has wl_id ${wlId}.`);
  const password = randomBytes(18).toString('base64url');
  const made = await createOperator(database.db, totpBoxFor(env.value), { providerId: provider.id, email: email.output, name, role, password });
  if (!made.created) fail(`${provider.name} already has an operator ${email.output}; nothing was changed.`);
  console.log(
    [
      `Created ${role} ${email.output} for ${provider.name}. Shown once, stored only hashed or sealed:`,
      `  password     ${password}`,
      `  TOTP secret  ${made.totpSecret}`,
      `  otpauth URI  ${otpauthUri({ issuer: provider.name, account: email.output, secret: made.totpSecret })}`,
    ].join('\n'),
  );
} finally {
  await database.close();
}
