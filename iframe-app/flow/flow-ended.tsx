// A bank step's end when the order cannot go on: the reason (the server's, or the page's own words) and
// the way on: start again, or back to the order.
import { Link } from '#ui/components/link.tsx';
import { useFlowT } from '../i18n/use-flow-t.ts';

export function FlowEnded({ message, back = false }: { message: string; back?: boolean }) {
  const t = useFlowT();
  return (
    <div className="flow-page flow-page--error" role="alert">
      <p>{message}</p>
      <Link href={back ? '/review' : '/'} className="button button--primary">
        {back ? t('bank.backToOrder') : t('flow.restart')}
      </Link>
    </div>
  );
}

/** The receipt is another step's page: linked once this build has it, else the success is said here. */
export function hasInvoicePage(pages: readonly string[]): boolean {
  return pages.includes('/invoice');
}
