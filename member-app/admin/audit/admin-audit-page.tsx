// /sys-admin/audit (admin): the audit log, filtered (operator, action, target, dates) and paged by the
// server (GET /v1/admin/audit), each entry's before/after as a readable list of changed fields, and the
// filtered log as CSV (GET /v1/admin/audit/export, a plain download: the op_token cookie goes with it).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { listAudit, type AuditList } from '#core/contract/admin-audit.ts';
import type { OperatorMe } from '#core/contract/admin-session.ts';
import { buildUrl } from '#ui/api/api-client.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { errorText } from '../../identity/error-text.ts';
import { useAdminAuditT } from '../../i18n/use-admin-audit-t.ts';
import { useAdminConsoleT } from '../../i18n/use-admin-console-t.ts';
import { pageInfo } from '../../lists/page-info.ts';
import { Pager } from '../../lists/pager.tsx';
import { adminApi } from '../admin-api.ts';
import { AdminPage } from '../admin-layout.tsx';
import { auditDiff } from './audit-diff.ts';

const PER_PAGE = 25;
const FILTERS = ['operator', 'action', 'target_type', 'target_id', 'from', 'to'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const NO_FILTERS: Filters = { operator: '', action: '', target_type: '', target_id: '', from: '', to: '' };

export default function AdminAuditPage() {
  const t = useAdminAuditT();
  return <AdminPage area="audit" title={t('audit.title')}>{(me) => <AuditLog me={me} />}</AdminPage>;
}

/** Only the filters that hold something: the server reads an absent one as "any". */
function queryOf(filters: Filters): Partial<Filters> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== '')) as Partial<Filters>;
}

function AuditLog({ me }: { me: OperatorMe }) {
  const t = useAdminAuditT();
  const tc = useAdminConsoleT();
  const locale = useBootStore((state) => state.locale);
  const api = useBootStore((state) => state.boot.whitelabel?.configuration.api ?? '/v1');
  const formId = useId();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<AuditList | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setList(null);
    setFailure(null);
    const query = { ...queryOf(applied), page: String(page), per_page: String(PER_PAGE) };
    void adminApi()
      .call(listAudit, { query })
      .then((result) => {
        if (!live) return;
        if (result.ok) setList(result.data);
        else setFailure(errorText(result.error, locale));
      });
    return () => {
      live = false;
    };
  }, [applied, page, locale]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setApplied(draft);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setPage(1);
    setApplied(NO_FILTERS);
  };
  const when = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  const info = list ? pageInfo(list.page, list.per_page, list.total) : null;
  const field = (name: (typeof FILTERS)[number], label: string, type: 'text' | 'date' | 'email' = 'text', hint?: string) => (
    <div className="form-field">
      <label className="form-field__label" htmlFor={`${formId}-${name}`}>{label}</label>
      <input
        id={`${formId}-${name}`}
        className="form-field__input"
        type={type}
        value={draft[name]}
        onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
        {...(hint ? { 'aria-describedby': `${formId}-${name}-hint` } : {})}
      />
      {hint ? <p id={`${formId}-${name}-hint`} className="form-field__hint">{hint}</p> : null}
    </div>
  );

  return (
    <>
      <h1 className="admin-title">{t('audit.title')}</h1>
      <p className="admin-lead">{t('audit.lead', { provider: me.provider_name })}</p>
      <form className="admin-card admin-filters" onSubmit={apply} aria-label={t('audit.filters')}>
        {field('operator', t('audit.filter.operator'), 'email')}
        {field('action', t('audit.filter.action'), 'text', t('audit.filter.actionHint'))}
        {field('target_type', t('audit.filter.targetType'))}
        {field('target_id', t('audit.filter.targetId'))}
        {field('from', t('audit.filter.from'), 'date')}
        {field('to', t('audit.filter.to'), 'date')}
        <div className="admin-filters__actions">
          <button type="submit" className="button button--primary">{t('audit.apply')}</button>
          <button type="button" className="button button--secondary" onClick={clear}>{t('audit.clear')}</button>
          <a className="button button--secondary" href={buildUrl(api, 'admin/audit/export', queryOf(applied))} download>
            {t('audit.export')}
          </a>
          <span className="form-field__hint">{t('audit.exportHint')}</span>
        </div>
      </form>
      {failure ? <p className="form-alert form-alert--error" role="alert">{failure}</p> : null}
      {!list && !failure ? <LoadingState /> : null}
      {list && list.entries.length === 0 ? <p className="admin-empty">{t('audit.empty')}</p> : null}
      {list && list.entries.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('audit.col.when')}</th>
                <th scope="col">{t('audit.col.operator')}</th>
                <th scope="col">{t('audit.col.action')}</th>
                <th scope="col">{t('audit.col.target')}</th>
                <th scope="col">{t('audit.col.changes')}</th>
                <th scope="col">{t('audit.col.ip')}</th>
              </tr>
            </thead>
            <tbody>
              {list.entries.map((entry) => {
                const rows = auditDiff(entry.before, entry.after);
                return (
                  <tr key={entry.id}>
                    <td data-label={t('audit.col.when')}><time dateTime={entry.at}>{when(entry.at)}</time></td>
                    <td data-label={t('audit.col.operator')}>
                      {entry.operator ? (
                        <>
                          {entry.operator.name} <span className="admin-muted">{entry.operator.email}</span>{' '}
                          <span className={`admin-role admin-role--${entry.operator.role}`}>{tc(`role.${entry.operator.role as OperatorMe['role']}`)}</span>
                        </>
                      ) : (
                        <span className="admin-muted">{t('audit.unknownOperator')}</span>
                      )}
                    </td>
                    <td data-label={t('audit.col.action')}><code>{entry.action}</code></td>
                    <td data-label={t('audit.col.target')}>
                      {entry.target_type}
                      {entry.target_id ? <> <code>{entry.target_id}</code></> : null}
                    </td>
                    <td data-label={t('audit.col.changes')}>
                      {rows.length === 0 ? (
                        <span className="admin-muted">{t('audit.noChanges')}</span>
                      ) : (
                        <dl className="admin-diff">
                          {rows.map((row) => (
                            <div key={row.field} className={`admin-diff__row${row.changed ? ' admin-diff__row--changed' : ''}`}>
                              <dt>{row.field || '—'}</dt>
                              <dd>
                                {row.changed && row.before !== null ? (
                                  <>
                                    <del aria-label={t('audit.diff.before')}>{row.before}</del> →{' '}
                                  </>
                                ) : null}
                                {row.changed ? <ins aria-label={t('audit.diff.after')}>{row.after ?? '—'}</ins> : <span>{row.after ?? '—'}</span>}
                              </dd>
                            </div>
                          ))}
                        </dl>
                      )}
                    </td>
                    <td data-label={t('audit.col.ip')}><code>{entry.ip}</code></td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {info && info.total > 0 ? (
        <Pager
          info={info}
          onPage={setPage}
          texts={{
            label: t('audit.pager.label'),
            previous: t('audit.pager.previous'),
            next: t('audit.pager.next'),
            position: t('audit.pager.position', { first: info.first, last: info.last, total: info.total }),
          }}
        />
      ) : null}
    </>
  );
}
