import { useAdminMembersT } from '../../i18n/use-admin-members-t.ts';

/** Active or blocked, in words and colour (the words carry it; the colour only helps). */
export function MemberStatus({ blocked }: { blocked: boolean }) {
  const t = useAdminMembersT();
  return <span className={`admin-status admin-status--${blocked ? 'blocked' : 'active'}`}>{blocked ? t('members.status.blocked') : t('members.status.active')}</span>;
}
