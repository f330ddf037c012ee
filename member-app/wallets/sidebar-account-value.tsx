// The sidebar's Account Value (spec §2, §9): the member's total in their fiat currency and, unless
// the provider hides it, in BTC, moving from the old to the new figure over 1500 ms when the 10 s
// refresh brings a change. Screen readers get the settled figure only (aria-hidden on the moving
// one), so they never hear a stream of in-between numbers.
import type { AccountFiat } from '#core/assets.ts';
import type { UserInfo } from '#core/contract/users.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useBalancesStore } from './balances-store.ts';
import { useAnimatedMinor } from './use-animated-minor.ts';
import { minorOf, shownAccountValues, UNREADABLE } from './wallet-view.ts';

export function SidebarAccountValue({ user, showBtc }: { user: UserInfo; showBtc: boolean }) {
  const data = useBalancesStore((state) => state.data);
  const { fiat, values } = shownAccountValues(data, user);
  return (
    <dl className="account-value">
      <div>
        <dt className="visually-hidden">{fiat}</dt>
        <dd className="account-value__main">
          <AnimatedAmount amount={values[fiat]} asset={fiat} />
        </dd>
      </div>
      {showBtc ? (
        <div>
          <dt className="visually-hidden">BTC</dt>
          <dd className="account-value__btc">
            <AnimatedAmount amount={values.BTC} asset="BTC" />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function AnimatedAmount({ amount, asset }: { amount: string | null | undefined; asset: AccountFiat | 'BTC' }) {
  const locale = useBootStore((state) => state.locale);
  // Zero is the honest figure for a member with no wallets yet (no value sent); a value the server
  // sent as null (no price right now) or could not be read shows as a dash, not as a made-up figure.
  const target = amount === undefined ? 0n : minorOf(amount, asset);
  const shown = useAnimatedMinor(target);
  if (target === null || shown === null) return <span>{UNREADABLE}</span>;
  return (
    <>
      <span aria-hidden="true" data-testid={`account-value-${asset}`}>{formatDisplay(shown, asset, locale)}</span>
      <span className="visually-hidden">{formatDisplay(target, asset, locale)}</span>
    </>
  );
}
