// profile#statements: the CSV of the statement endpoint (core/contract/transactions.ts) for a date
// range the member picks. Dates are calendar days (YYYY-MM-DD, as <input type=date> gives them); the
// range is checked here so the download link is only offered for a range the server will accept.
// The download is a plain link, not a call(): the browser saves the file and sends the cookie itself.
import { statement } from '#core/contract/transactions.ts';
import { buildUrl } from '#ui/api/api-client.ts';

export type StatementProblem = 'statement.fromRequired' | 'statement.toRequired' | 'statement.order' | 'statement.future';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in the member's own time zone, as YYYY-MM-DD. */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default range: from the first of this month to today. */
export function defaultStatementRange(today: Date): { from: string; to: string } {
  const to = localIsoDate(today);
  return { from: `${to.slice(0, 8)}01`, to };
}

export function statementProblem(from: string, to: string, today: string): StatementProblem | null {
  if (!ISO_DATE.test(from)) return 'statement.fromRequired';
  if (!ISO_DATE.test(to)) return 'statement.toRequired';
  if (from > to) return 'statement.order';
  if (from > today) return 'statement.future';
  return null;
}

export function statementHref(apiBase: string, from: string, to: string): string {
  return buildUrl(apiBase, statement.path, { from, to });
}

export function statementFileName(from: string, to: string): string {
  return `statement-${from}-${to}.csv`;
}
