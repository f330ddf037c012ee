// `npm run operator`: replaced by the operator console. Crediting a wire now needs a named operator
// of the provider (finance or admin) and writes an audit row in the same transaction as the credit
// (server/admin-money/), which a shell command on the database cannot give; the console also works
// while the server runs, where this command needed the embedded database's server stopped. So the
// command only says where the work moved, and exits 2 without opening the database.
// (`npm run ledger:check` stays: it only reads.)

const consoleUrl = `${(process.env.PUBLIC_URL ?? 'http://localhost:8080').replace(/\/+$/, '')}/sys-admin/money/wires`;

console.error(
  [
    'npm run operator is replaced by the operator console.',
    `Match or reject wire deposits at ${consoleUrl} (sign in with a finance or admin operator).`,
    'Every credit there is made by a named operator and recorded in the audit log; the server can keep running.',
  ].join('\n'),
);
process.exitCode = 2;
