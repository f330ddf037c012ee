// One payment link in the list: what it asks for, its state, its payments, and the ways to hand it to a
// buyer: copy, QR code (drawn by the server), and a mail (POST users/merchant/paymentLinks/send).
import { useId, useState } from 'react';
import { sendPaymentLinkMail, type PaymentLink } from '#core/contract/payment-links.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { errorText } from '../../identity/error-text.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import type { LinksKey } from '../../i18n/links-en.ts';
import { useLinksT } from '../../i18n/use-links-t.ts';

export function LinkCard({ link, highlight }: { link: PaymentLink; highlight: boolean }) {
  const t = useLinksT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const [copied, setCopied] = useState(false);
  const [qr, setQr] = useState(highlight);
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const copy = async () => {
    await navigator.clipboard?.writeText(link.url).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  return (
    <li className={`link-card${highlight ? ' link-card--new' : ''}`} aria-labelledby={`${id}-title`}>
      <div className="link-card__head">
        <div>
          <h3 id={`${id}-title`} className="link-card__title">{link.product}</h3>
          <p className="link-card__amount">{link.amount} {link.currency}{link.coin ? ` · ${link.coin}` : ''}</p>
        </div>
        <span className={`link-state link-state--${link.state}`}>{t(`links.state.${link.state}` as LinksKey)}</span>
      </div>
      <p className="link-card__meta">
        {link.order_id ? <span>{t('links.order', { id: link.order_id })}</span> : null}
        <span>{link.expires_at ? t('links.expires', { date: date(link.expires_at) }) : t('links.noExpiry')}</span>
        <span>{t('links.createdAt', { date: date(link.created_at) })}</span>
      </p>
      <div className="link-card__url">
        <label className="visually-hidden" htmlFor={`${id}-url`}>{link.product}</label>
        <input id={`${id}-url`} className="form-field__input" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>{copied ? t('links.copied') : t('links.copy')}</button>
        <button type="button" className="button button--secondary" aria-expanded={qr} aria-controls={`${id}-qr`} onClick={() => setQr(!qr)}>
          {qr ? t('links.hideQr') : t('links.showQr')}
        </button>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">{copied ? t('links.copied') : ''}</p>
      {qr ? <img id={`${id}-qr`} className="link-card__qr" src={link.qr} width={160} height={160} alt={t('links.qrAlt', { product: link.product })} /> : null}
      {link.state === 'open' ? <MailForm link={link} /> : null}
      <h4 className="link-card__subtitle">{t('links.payments')}</h4>
      {link.payments.length === 0 ? (
        <p className="link-card__none">{t('links.noPayments')}</p>
      ) : (
        <ul className="link-card__payments">
          {link.payments.map((payment) => (
            <li key={payment.transaction_id}>
              <code>{payment.transaction_id}</code>{' '}
              {t(`links.payment.${payment.status}` as LinksKey)}
              {payment.coin ? ` · ${payment.coin}` : ''} · {date(payment.settled_at ?? payment.created_at)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function MailForm({ link }: { link: PaymentLink }) {
  const t = useLinksT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const [email, setEmail] = useState('');
  const [lang, setLang] = useState<'en' | 'es'>(locale === 'es' ? 'es' : 'en');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const send = async () => {
    setBusy(true);
    setAlert(null);
    setSent(null);
    const answer = await memberApi().call(sendPaymentLinkMail, { body: { link_id: link.link_id, email, lang } }, { idempotencyKey: `mail-${crypto.randomUUID()}` });
    setBusy(false);
    if (answer.ok) {
      setSent(t('links.mailSent', { email: answer.data.sent_to }));
      setEmail('');
    } else setAlert(answer.error.fields?.email?.[0] ?? errorText(answer.error, locale));
  };

  return (
    <form className="link-card__mail" noValidate onSubmit={(event) => { event.preventDefault(); void send(); }}>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-email`}>{t('links.mailTo')}</label>
        <input id={`${id}-email`} type="email" className="form-field__input" value={email} autoComplete="off" onChange={(event) => setEmail(event.target.value)} aria-invalid={alert ? true : undefined} />
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-lang`}>{t('links.mailLang')}</label>
        <select id={`${id}-lang`} className="form-field__input" value={lang} onChange={(event) => setLang(event.target.value === 'es' ? 'es' : 'en')}>
          <option value="en">English</option>
          <option value="es">Español</option>
        </select>
      </div>
      <button type="submit" className="button button--secondary" disabled={busy || !email.trim()}>{t('links.mail')}</button>
      <FormAlert message={alert} />
      <FormAlert tone="success" message={sent} />
    </form>
  );
}
