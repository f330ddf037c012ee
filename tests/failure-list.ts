// The names of the tests that failed, read from the runners' JSON reports, so the last lines of a CI log
// (often all that is kept) say what broke, not only how many.

export interface VitestReport {
  testResults?: { name: string; assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[]; status?: string; message?: string }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; line?: number; tests?: { projectName?: string; results?: { status: string }[] }[] }[];
  suites?: PlaywrightSuite[];
}

const firstLine = (text: string | undefined) => (text ?? '').split('\n').find((line) => line.trim())?.trim().slice(0, 300) ?? '';

export function vitestFailures(report: VitestReport | null): string[] {
  const lines: string[] = [];
  for (const file of report?.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`vitest ${file.name.replace(/^.*?\/(?=(server|core|ui|sdk|tests|iframe-app|member-app|demo-merchant-site)\/)/, '')} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed to load has no failed tests of its own.
    if (failed.length === 0 && file.status === 'failed') lines.push(`vitest ${file.name}: ${firstLine(file.message)}`);
  }
  return lines;
}

export function playwrightFailures(suites: PlaywrightSuite[] | undefined, file = ''): string[] {
  const lines: string[] = [];
  for (const suite of suites ?? []) {
    const where = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const statuses = (test.results ?? []).map((result) => result.status);
        if (statuses.length > 0 && statuses.some((status) => status !== 'passed' && status !== 'skipped')) {
          lines.push(`playwright [${test.projectName ?? ''}] ${where}:${spec.line ?? ''} > ${spec.title} (${statuses.join(', ')})`);
        }
      }
    }
    lines.push(...playwrightFailures(suite.suites, where));
  }
  return lines;
}
