// /sys-admin/members (support, compliance, admin): search the provider's members by email, name, account
// number or phone (GET /v1/admin/members, paged by the server) and open one.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { searchMembers, type MemberList } from '#core/contract/admin-members.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { errorText } from '../../identity/error-text.ts';
import { useAdminMembersT } from '../../i18n/use-admin-members-t.ts';
import { pageInfo } from '../../lists/page-info.ts';
import { Pager } from '../../lists/pager.tsx';
import { adminApi } from '../admin-api.ts';
import { AdminPage } from '../admin-layout.tsx';
import { MemberStatus } from './member-status.tsx';

const PER_PAGE = 20;

export default function AdminMembersPage() {
  const t = useAdminMembersT();
  return <AdminPage area="members" title={t('members.title')}>{() => <MemberSearch />}</AdminPage>;
}

function MemberSearch() {
  const t = useAdminMembersT();
  const locale = useBootStore((state) => state.locale);
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<MemberList | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setList(null);
    setFailure(null);
    void adminApi()
      .call(searchMembers, { query: { q, page: String(page), per_page: String(PER_PAGE) } })
      .then((result) => {
        if (!live) return;
        if (result.ok) setList(result.data);
        else setFailure(errorText(result.error, locale));
      });
    return () => {
      live = false;
    };
  }, [q, page, locale]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setQ(draft.trim());
  };
  const day = (iso: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' });
  const info = list ? pageInfo(list.page, list.per_page, list.total) : null;

  return (
    <>
      <h1 className="admin-title">{t('members.title')}</h1>
      <p className="admin-lead">{t('members.lead')}</p>
      <form className="admin-search" role="search" aria-label={t('members.search')} onSubmit={search}>
        <label className="form-field__label" htmlFor={inputId}>{t('members.searchLabel')}</label>
        <div className="admin-search__row">
          <input id={inputId} className="form-field__input" type="search" value={draft} onChange={(event) => setDraft(event.target.value)} maxLength={100} />
          <button type="submit" className="button button--primary">{t('members.searchButton')}</button>
        </div>
      </form>
      {failure ? <p className="form-alert form-alert--error" role="alert">{failure}</p> : null}
      {!list && !failure ? <LoadingState /> : null}
      {list && list.members.length === 0 ? <p className="admin-empty">{t('members.empty')}</p> : null}
      {list && list.members.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('members.col.member')}</th>
                <th scope="col">{t('members.col.account')}</th>
                <th scope="col">{t('members.col.phone')}</th>
                <th scope="col">{t('members.col.kyc')}</th>
                <th scope="col">{t('members.col.status')}</th>
                <th scope="col">{t('members.col.since')}</th>
              </tr>
            </thead>
            <tbody>
              {list.members.map((member) => (
                <tr key={member.id}>
                  <td data-label={t('members.col.member')}>
                    <Link href={`/members/${member.id}`}>{member.name || member.email}</Link>
                    <span className="admin-muted admin-block">{member.email}</span>
                    {member.role === 'merchant' ? <span className="admin-tag">{t('members.role.merchant')}</span> : null}
                  </td>
                  <td data-label={t('members.col.account')}><code>{member.account_number}</code></td>
                  <td data-label={t('members.col.phone')}>{member.mobile ?? '—'}</td>
                  <td data-label={t('members.col.kyc')}>{t(`kyc.${member.compliance_status}`)}</td>
                  <td data-label={t('members.col.status')}><MemberStatus blocked={member.blocked} /></td>
                  <td data-label={t('members.col.since')}>{day(member.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {info && info.total > 0 ? (
        <Pager
          info={info}
          onPage={setPage}
          texts={{
            label: t('members.pager.label'),
            previous: t('members.pager.previous'),
            next: t('members.pager.next'),
            position: t('members.pager.position', { first: info.first, last: info.last, total: info.total }),
          }}
        />
      ) : null}
    </>
  );
}
