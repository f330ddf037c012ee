// The spec §4 timer line of the payment pages: time left to pay (read out in minutes, not every second),
// then a status line once it has run out. One component, so the full and the underpaid views count alike.
import { useWidgetT } from '../i18n/use-widget-t.ts';
import { useCountdown } from './use-countdown.ts';

export function PaymentTimer({ expiresAt }: { expiresAt: string }) {
  const t = useWidgetT();
  const countdown = useCountdown(expiresAt);
  return (
    <>
      <p className="widget-payment__timer">
        <span>{t('payment.timeLeft')}: </span>
        <span role="timer" aria-label={t('payment.timeLeftSr', { minutes: countdown.minutesLeft })}>
          {countdown.text}
        </span>
      </p>
      {countdown.expired ? <p role="status">{t('payment.expiredNow')}</p> : null}
    </>
  );
}
