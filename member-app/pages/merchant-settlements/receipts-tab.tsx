// creditcards and wire (spec §2 sub-pages): card and wire receipts where the merchant took them.
// Merchants are paid in crypto only on this platform today, so there are none, and the page says so
// plainly instead of showing an empty table.
import { useSettlementsT } from '../../i18n/use-settlements-t.ts';

export function ReceiptsTab({ kind }: { kind: 'creditcards' | 'wire' }) {
  const t = useSettlementsT();
  return (
    <section aria-labelledby="receipts-title">
      <h2 id="receipts-title" className="profile-section__title">{t(kind === 'creditcards' ? 'cards.title' : 'wire.title')}</h2>
      <div className="empty-state">
        <h3 className="empty-state__title">{t('receipts.emptyTitle')}</h3>
        <p className="empty-state__body">{t(kind === 'creditcards' ? 'receipts.cardsBody' : 'receipts.wireBody')}</p>
      </div>
    </section>
  );
}
