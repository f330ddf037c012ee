import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_KEY, chunkFailureAction, type KeyValueStorage } from './chunk-reload-guard.ts';

function fakeStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

const T0 = 1_750_000_000_000;

describe('failed chunk load: one reload at most once per 60 s', () => {
  it('reloads on the first failure and remembers when', () => {
    const storage = fakeStorage();
    expect(chunkFailureAction(storage, T0)).toBe('reload');
    expect(storage.data[CHUNK_RELOAD_KEY]).toBe(String(T0));
  });

  it.each([
    ['right after the reload', 0],
    ['59.999 s after the reload', 59_999],
  ])('shows the error page for a second failure %s', (_name, later) => {
    const storage = fakeStorage({ [CHUNK_RELOAD_KEY]: String(T0) });
    expect(chunkFailureAction(storage, T0 + later)).toBe('show-error');
    expect(storage.data[CHUNK_RELOAD_KEY]).toBe(String(T0));
  });

  it.each([
    ['exactly 60 s after the last reload', 60_000],
    ['an hour after the last reload', 3_600_000],
    ['when the stored time is in the future (clock went back)', -5_000],
  ])('reloads again %s', (_name, later) => {
    const storage = fakeStorage({ [CHUNK_RELOAD_KEY]: String(T0) });
    expect(chunkFailureAction(storage, T0 + later)).toBe('reload');
    expect(storage.data[CHUNK_RELOAD_KEY]).toBe(String(T0 + later));
  });

  it('reloads when the stored value is garbage', () => {
    expect(chunkFailureAction(fakeStorage({ [CHUNK_RELOAD_KEY]: 'soon' }), T0)).toBe('reload');
  });

  it('walks through a reload, a failure inside the window, and a reload after it', () => {
    const storage = fakeStorage();
    const actions = [T0, T0 + 10_000, T0 + 70_000, T0 + 75_000].map((now) => chunkFailureAction(storage, now));
    expect(actions).toEqual(['reload', 'show-error', 'reload', 'show-error']);
  });

  it.each<[string, KeyValueStorage | null]>([
    ['there is no storage', null],
    ['reading the storage throws', { getItem: () => { throw new Error('denied'); }, setItem: () => {} }],
    ['writing the storage throws (quota, privacy mode)', { getItem: () => null, setItem: () => { throw new Error('quota'); } }],
  ])('shows the error page instead of risking a loop when %s', (_name, storage) => {
    expect(chunkFailureAction(storage, T0)).toBe('show-error');
  });
});
