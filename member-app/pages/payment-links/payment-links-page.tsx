// /generatePaymentLink (spec §2; §6: widget = 1 with enable_widget): make a payment link, then the
// merchant's links, paged on the server, each with its state and payments. The list is read again every
// 10 s (like the balances), so a link a buyer pays turns "Paid" without a reload.
import { useCallback, useEffect, useState } from 'react';
import { listPaymentLinks, type PaymentLink, type PaymentLinksPage } from '#core/contract/payment-links.ts';
import type { UserInfo } from '#core/contract/users.ts';
import { canUseWidget } from '#core/rules/permission-gates.ts';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { MemberFrame } from '../../identity/member-frame.tsx';
import { useLinksT } from '../../i18n/use-links-t.ts';
import { LinkCard } from './link-card.tsx';
import { LinkForm } from './link-form.tsx';

const PER_PAGE = 10;
const REFRESH_MS = 10_000;

export default function PaymentLinksPage() {
  return <MemberFrame>{(user) => <PaymentLinks user={user} />}</MemberFrame>;
}

function PaymentLinks({ user }: { user: UserInfo }) {
  const t = useLinksT();
  const whitelabel = useWhiteLabel();
  useDocumentTitle(t('links.title'));
  const allowed = whitelabel ? canUseWidget(whitelabel.permissions, user.permissions) : false;
  const [created, setCreated] = useState<PaymentLink | null>(null);
  return (
    <div className="member-page payment-links">
      <h1 className="member-page__title">{t('links.title')}</h1>
      <p className="member-page__lead">{t('links.lead')}</p>
      {allowed ? (
        <>
          <LinkForm defaultProduct="" onCreated={setCreated} />
          <FormAlert tone="success" message={created ? t('links.created') : null} />
          <LinkList highlight={created?.link_id ?? null} />
        </>
      ) : (
        <p className="empty-state" role="alert">{t('links.notAllowed')}</p>
      )}
    </div>
  );
}

type ListState = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; data: PaymentLinksPage };

function LinkList({ highlight }: { highlight: string | null }) {
  const t = useLinksT();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<ListState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(async () => {
    const answer = await memberApi().call(listPaymentLinks, { query: { page: String(page), per_page: String(PER_PAGE) } });
    setState((current) => (answer.ok ? { phase: 'ready', data: answer.data } : current.phase === 'ready' ? current : { phase: 'failed' }));
  }, [page]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load, highlight, attempt]);

  const pages = state.phase === 'ready' ? Math.max(1, Math.ceil(state.data.total / PER_PAGE)) : 1;
  return (
    <section className="link-list" aria-labelledby="links-list-title" aria-busy={state.phase === 'loading' || undefined}>
      <h2 id="links-list-title" className="profile-section__title">{t('links.listTitle')}</h2>
      {state.phase === 'loading' ? <p role="status">{t('links.loading')}</p> : null}
      {state.phase === 'failed' ? (
        <div className="empty-state empty-state--error" role="alert">
          <p>{t('links.loadError')}</p>
          <button type="button" className="button button--secondary" onClick={() => { setState({ phase: 'loading' }); setAttempt((n) => n + 1); }}>{t('links.retry')}</button>
        </div>
      ) : null}
      {state.phase === 'ready' && state.data.links.length === 0 ? <p className="empty-state">{t('links.empty')}</p> : null}
      {state.phase === 'ready' && state.data.links.length > 0 ? (
        <>
          <ul className="link-list__items">
            {state.data.links.map((link) => <LinkCard key={link.link_id} link={link} highlight={link.link_id === highlight} />)}
          </ul>
          {pages > 1 ? (
            <nav className="link-list__pager" aria-label={t('links.listTitle')}>
              <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('links.prev')}</button>
              <span>{t('links.pageOf', { page: String(page), pages: String(pages) })}</span>
              <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t('links.next')}</button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
