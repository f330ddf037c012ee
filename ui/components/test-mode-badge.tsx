// MODE=test marks every page plainly: nothing here moves real money.
import { useBootStore } from '../boot/boot-store.ts';
import { useT } from '../i18n/use-t.ts';

export function TestModeBadge() {
  const t = useT();
  const test = useBootStore((state) => state.boot.mode === 'test');
  return test ? <span className="badge badge--test">{t('mode.test')}</span> : null;
}
