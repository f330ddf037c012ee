import { describe, expect, it } from 'vitest';
import { playwrightFailures, vitestFailures } from '../failure-list.ts';

describe('the failed-test list at the end of npm test', () => {
  it.each([
    ['nothing when every test passed', { testResults: [{ name: '/x/server/a.test.ts', status: 'passed', assertionResults: [{ status: 'passed', fullName: 'a works' }] }] }, []],
    [
      'a failed vitest test by file, name and the first line of its message',
      { testResults: [{ name: '/ci/clone/server/a.test.ts', status: 'failed', assertionResults: [{ status: 'failed', fullName: 'a > settles once', failureMessages: ['\nAssertionError: expected 1 to be 2\n  at x'] }] }] },
      ['vitest server/a.test.ts > a > settles once: AssertionError: expected 1 to be 2'],
    ],
    ['a file that failed to load', { testResults: [{ name: 'core/b.test.ts', status: 'failed', message: 'SyntaxError: nope', assertionResults: [] }] }, ['vitest core/b.test.ts: SyntaxError: nope']],
    ['no report at all', null, []],
  ])('%s', (_name, report, expected) => {
    expect(vitestFailures(report)).toEqual(expected);
  });

  it('lists playwright tests that failed or were flaky, with project, file and line, from nested suites', () => {
    const suites = [
      {
        title: 'a.spec.ts',
        file: 'a.spec.ts',
        specs: [{ title: 'passes', line: 3, tests: [{ projectName: 'pglite', results: [{ status: 'passed' }] }] }],
        suites: [{ title: 'group', specs: [{ title: 'breaks', line: 9, tests: [{ projectName: 'postgres', results: [{ status: 'failed' }, { status: 'passed' }] }] }] }],
      },
    ];
    expect(playwrightFailures(suites)).toEqual(['playwright [postgres] a.spec.ts:9 > breaks (failed, passed)']);
  });
});
