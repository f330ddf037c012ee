// sys-blocked at "/" and "/:slug": why this visitor cannot use the service, and whom to ask.
import { useParams } from 'wouter';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { DefaultLayout } from '#ui/layouts/default-layout.tsx';
import { useStatusT } from '../i18n/use-status-t.ts';
import { blockedReason } from '../status/status-slugs.ts';
import { StatusCard } from './status-card.tsx';
import { ShieldIcon } from './status-icons.tsx';

export default function BlockedPage() {
  const t = useStatusT();
  const { slug } = useParams<{ slug?: string }>();
  const c = useWhiteLabel()?.configuration;
  const reason = blockedReason(slug);
  const params = { label: c?.label_name ?? '', email: c?.support_email ?? '' };
  return (
    <DefaultLayout>
      <StatusCard
        tone="blocked"
        icon={<ShieldIcon />}
        eyebrow={t('blocked.eyebrow')}
        title={t(`blocked.${reason}.title`, params)}
        body={t(`blocked.${reason}.body`, params)}
      />
    </DefaultLayout>
  );
}
