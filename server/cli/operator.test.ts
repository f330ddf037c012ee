// The retired operator command, as an operator would run it: it names the console page that replaced
// it and fails, so a script that still calls it stops instead of believing a wire was credited.

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');

describe('npm run operator', () => {
  it('says the operator console replaces it, names the Wires page, and exits 2 without crediting anything', { timeout: 60_000 }, async () => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, PUBLIC_URL: 'https://pay.example.com/' };
    const answer = await run(join(root, 'node_modules/.bin/tsx'), ['server/cli/operator.ts', 'confirm-wire', 'VRD-7KQ2-M9XD'], { cwd: root, env, timeout: 30_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain('replaced by the operator console');
    expect(answer.stderr).toContain('https://pay.example.com/sys-admin/money/wires');
  });
});
