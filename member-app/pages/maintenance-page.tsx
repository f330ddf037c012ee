// sys-maintenance at "/" and "/:slug": what is down, that funds are safe, and a way to try again.
import { useParams } from 'wouter';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { DefaultLayout } from '#ui/layouts/default-layout.tsx';
import { useStatusT } from '../i18n/use-status-t.ts';
import { maintenanceArea } from '../status/status-slugs.ts';
import { StatusCard } from './status-card.tsx';
import { ToolsIcon } from './status-icons.tsx';

export default function MaintenancePage() {
  const t = useStatusT();
  const { slug } = useParams<{ slug?: string }>();
  const label = useWhiteLabel()?.configuration.label_name ?? '';
  const area = maintenanceArea(slug);
  return (
    <DefaultLayout>
      <StatusCard
        tone="maintenance"
        icon={<ToolsIcon />}
        eyebrow={t('maintenance.eyebrow')}
        title={t(`maintenance.${area}.title`, { label })}
        body={t(`maintenance.${area}.body`, { label })}
        state={t('maintenance.state')}
        actions={
          <button type="button" className="button button--primary" onClick={() => globalThis.location.reload()}>
            {t('status.tryAgain')}
          </button>
        }
      />
    </DefaultLayout>
  );
}
