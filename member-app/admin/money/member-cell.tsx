// A member in a money list: the name (a link to the member's page for the roles that may open the
// members area) and the e-mail address under it.
import type { OperatorRole } from '#core/operators/roles.ts';
import { AREA_ROLES } from '#core/operators/areas.ts';
import { Link } from '#ui/components/link.tsx';

export function MemberCell({ member, role }: { member: { member_id: string; email: string; name: string }; role: OperatorRole }) {
  return (
    <>
      {AREA_ROLES.members.includes(role) ? <Link href={`/members/${encodeURIComponent(member.member_id)}`}>{member.name}</Link> : member.name}
      <span className="settlements-table__sub">{member.email}</span>
    </>
  );
}
