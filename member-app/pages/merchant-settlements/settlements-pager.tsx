// The pager under a settlements list (payouts, receipts): shown only when the list has more than one page.
import type { PageInfo } from '../../lists/page-info.ts';
import { Pager } from '../../lists/pager.tsx';
import { useSettlementsT } from '../../i18n/use-settlements-t.ts';

export function SettlementsPager({ info, perPage, onPage }: { info: PageInfo | null; perPage: number; onPage: (page: number) => void }) {
  const t = useSettlementsT();
  if (!info || info.total <= perPage) return null;
  return (
    <Pager
      info={info}
      texts={{
        label: t('payouts.pageOf', { page: info.page, pages: info.pages }),
        previous: t('payouts.previous'),
        next: t('payouts.next'),
        position: t('payouts.showing', { first: info.first, last: info.last, total: info.total }),
      }}
      onPage={onPage}
    />
  );
}
