// Debian's pgbouncer for a test: started in front of the PostgreSQL of DATABASE_URL on a port of the test's
// choosing, in transaction pooling mode (a server connection is lent for one transaction only, so nothing of
// a session survives between two transactions), with its own temporary config, user list, log and pid file;
// stopped and its files removed after.

import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PGBOUNCER_BINARY = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((path) => existsSync(path)) ?? null;

export interface RunningPgbouncer {
  /** DATABASE_URL with pgbouncer's host and port instead of the server's. */
  urlFor(databaseUrl: string): string;
  /** One SHOW command on pgbouncer's admin console (SHOW STATS, SHOW POOLS). */
  show(what: 'STATS' | 'POOLS'): Promise<Record<string, unknown>[]>;
  log(): string;
  stop(): Promise<void>;
}

export async function startPgbouncer(serverUrl: string, port: number): Promise<RunningPgbouncer> {
  if (!PGBOUNCER_BINARY) throw new Error('pgbouncer is not installed: apt-get install -y pgbouncer');
  const server = new URL(serverUrl);
  const dir = mkdtempSync(join(tmpdir(), 'paykit-pgbouncer-'));
  // pgbouncer refuses to run as root; as root it is told to switch to nobody, who must reach these files.
  chmodSync(dir, 0o777);
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password);
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" "${password}"\n`, { mode: 0o644 });
  const config = [
    '[databases]',
    `* = host=${server.hostname} port=${server.port || '5432'}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${join(dir, 'userlist.txt')}`,
    'pool_mode = transaction',
    // The test reads SHOW STATS and SHOW POOLS on the admin console (database 'pgbouncer').
    `admin_users = ${user}`,
    'max_client_conn = 500',
    'default_pool_size = 20',
    // node-postgres sends extra_float_digits at connect; it is harmless to drop.
    'ignore_startup_parameters = extra_float_digits',
    `logfile = ${join(dir, 'pgbouncer.log')}`,
    `pidfile = ${join(dir, 'pgbouncer.pid')}`,
  ].join('\n');
  writeFileSync(join(dir, 'pgbouncer.ini'), `${config}\n`, { mode: 0o644 });
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(PGBOUNCER_BINARY, [...(asRoot ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const log = () => `${stderr}${existsSync(join(dir, 'pgbouncer.log')) ? readFileSync(join(dir, 'pgbouncer.log'), 'utf8') : ''}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForPort(port, child, 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`pgbouncer did not start: ${(error as Error).message}\n${log()}`);
  }
  return {
    urlFor: (databaseUrl) => {
      const through = new URL(databaseUrl);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    show: async (what) => {
      const admin = new pg.Client({ connectionString: `postgres://${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}@127.0.0.1:${port}/pgbouncer` });
      await admin.connect();
      try {
        return (await admin.query(`SHOW ${what}`)).rows as Record<string, unknown>[];
      } finally {
        await admin.end();
      }
    },
    log,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`it exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
