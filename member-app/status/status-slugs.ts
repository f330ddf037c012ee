// What the optional {slug} of the blocked and maintenance pages means (spec §2: both "take an
// optional {slug}"). The slug is chosen by whoever sends the visitor here (an edge rule, the
// server, an operator), so it names a reason or an area, never free text we would echo back.
//
// An unknown slug renders the generic text, not the 404: the visitor really is blocked, or the
// service really is down, whatever the sender called it. A sender may also learn a new reason
// before this app ships its wording; a 404 would then hide the real situation behind "page not
// found". The server agrees: core/modules.ts routes "/:slug" for any slug.

/** /sys-blocked/{slug} */
export const BLOCKED_REASONS = ['country', 'account', 'ip'] as const;
/** /sys-maintenance/{slug}: the area under maintenance, or "scheduled" for planned downtime of everything. */
export const MAINTENANCE_AREAS = ['wallets', 'checkout', 'trading', 'scheduled'] as const;

export type BlockedReason = (typeof BLOCKED_REASONS)[number] | 'generic';
export type MaintenanceArea = (typeof MAINTENANCE_AREAS)[number] | 'generic';

/** Exact, case-sensitive match: the senders are our own systems, so a variant spelling is a bug to notice, not to guess. */
function pick<T extends string>(known: readonly T[], slug: string | undefined): T | 'generic' {
  return slug !== undefined && (known as readonly string[]).includes(slug) ? (slug as T) : 'generic';
}

export function blockedReason(slug: string | undefined): BlockedReason {
  return pick(BLOCKED_REASONS, slug);
}

export function maintenanceArea(slug: string | undefined): MaintenanceArea {
  return pick(MAINTENANCE_AREAS, slug);
}
