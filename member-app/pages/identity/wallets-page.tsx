// /wallets for now: a greeting, the account number and the honest empty state. The money issue
// fills it with the member's wallets and balances.
import type { UserInfo } from '#core/contract/users.ts';
import { accountNumber } from '#core/rules/account-number.ts';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { displayName } from '#ui/session/gate-user.ts';
import { useIdentityT } from '../../i18n/use-identity-t.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';

export default function WalletsPage() {
  return <MemberFrame>{(user) => <Wallets user={user} />}</MemberFrame>;
}

function Wallets({ user }: { user: UserInfo }) {
  const t = useIdentityT();
  const prefix = useWhiteLabel()?.configuration.account_prefix ?? '';
  const number = accountNumber(prefix, user.client_id);
  useDocumentTitle(t('wallets.title'));
  return (
    <div className="member-page">
      <p className="member-page__eyebrow">{t('wallets.title')}</p>
      <h1 className="member-page__title">{t('wallets.greeting', { name: user.firstName || displayName(user) })}</h1>
      {number ? (
        <p className="member-page__meta">
          {t('wallets.account')}: <strong>{number}</strong>
        </p>
      ) : null}
      <div className="empty-state">
        <h2 className="empty-state__title">{t('wallets.emptyTitle')}</h2>
        <p className="empty-state__body">{t('wallets.emptyBody')}</p>
      </div>
    </div>
  );
}
