import { describe, expect, it } from 'vitest';
import type { ApiResult } from '#ui/api/api-result.ts';
import { withRetries } from './with-retries.ts';

const failure: ApiResult<string> = { ok: false, status: 0, error: { code: 'network_error', message: 'offline' }, body: undefined };
const success: ApiResult<string> = { ok: true, status: 200, data: 'receipt' };

function scripted(answers: ApiResult<string>[]) {
  let calls = 0;
  const slept: number[] = [];
  return {
    call: () => Promise.resolve(answers[Math.min(calls++, answers.length - 1)]!),
    sleep: (ms: number) => (slept.push(ms), Promise.resolve()),
    calls: () => calls,
    slept,
  };
}

describe('fetching the receipt again when an answer is lost', () => {
  it('a first success is taken at once', async () => {
    const s = scripted([success]);
    expect(await withRetries(s.call, [1, 2, 4], s.sleep)).toEqual(success);
    expect(s.calls()).toBe(1);
    expect(s.slept).toEqual([]);
  });

  it('a success after two failures waits 1 then 2', async () => {
    const s = scripted([failure, failure, success]);
    expect(await withRetries(s.call, [1, 2, 4], s.sleep)).toEqual(success);
    expect(s.slept).toEqual([1, 2]);
  });

  it('gives up with the last failure after every retry', async () => {
    const s = scripted([failure]);
    expect(await withRetries(s.call, [1, 2, 4], s.sleep)).toEqual(failure);
    expect(s.calls()).toBe(4);
    expect(s.slept).toEqual([1, 2, 4]);
  });
});
