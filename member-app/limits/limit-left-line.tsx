// The short line beside an amount on buy, sell, deposit and withdraw: what is left this month at the member's
// verification level, with a link to the Limits card when nothing or little is left. Nothing is
// shown while loading or if the figures cannot be read: the server checks the amount either way.
import { Link } from 'wouter';
import type { Operation } from '#core/compliance/levels-config.ts';
import { getUserLimits } from '#core/contract/limits.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useLimitsT } from '../i18n/use-limits-t.ts';
import { useApiData } from '../trade/form-kit/use-api-data.ts';
import { leftLine } from './limits-figures.ts';

export function LimitLeftLine({ operation }: { operation: Operation }) {
  const t = useLimitsT();
  const locale = useBootStore((state) => state.locale);
  const limits = useApiData(getUserLimits);
  if (!limits.data) return null;
  const line = leftLine(limits.data, operation, locale, t);
  if (!line) return null;
  return (
    <p className="limit-left" data-testid="limit-left">
      {line}
      {limits.data.next_level ? (
        <>
          {' '}
          <Link href="/profile#limits">{t('limits.raise')}</Link>
        </>
      ) : null}
    </p>
  );
}
