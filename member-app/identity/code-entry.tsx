// One code to enter: sends it (POST /v1/verify/requestOTP, or resendOTP after the first), says
// where a new one went, counts down until another may be sent (60 s, or what the server says; after
// a reload, from the time kept with the registration rather than by sending again),
// and checks the code (POST /v1/verify/verifyOTP, or the page's own check). Before the account
// exists the calls carry reg_token.
import { useEffect, useId, useRef, useState } from 'react';
import {
  OTP_RESEND_INTERVAL_S,
  OtpCodeSchema,
  requestOTP,
  resendOTP,
  verifyOTP,
  VerifyOtpSchema,
  type OtpPurpose,
  type OtpSent,
  type OtpVerified,
} from '#core/contract/verify.ts';
import * as v from 'valibot';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useIdentityT } from '../i18n/use-identity-t.ts';
import { useCountdown } from './countdown.ts';
import { errorText } from './error-text.ts';
import { FormAlert, FormField } from './form-field.tsx';
import { useForm } from './use-form.ts';

export interface CodeEntryProps {
  purpose: OtpPurpose;
  /** The field label, e.g. "Code sent to ana@example.test". */
  label: string;
  regToken?: string;
  /** Send the first code when shown (otherwise a "Send code" button does). */
  autoSend?: boolean;
  /** Done already (e.g. the email was verified before): shows "Verified" instead of the form. */
  verified?: boolean;
  submitLabel?: string;
  /** Checks the code another way than verifyOTP (changeOTP takes the code itself); answers the failure or null. */
  check?: (code: string) => Promise<ApiError | null>;
  onVerified: (answer: OtpVerified | null) => void;
  /**
   * A code was sent before this page was loaded (a reload in the middle of registration): none is sent
   * on show, since a new one would make the one in the person's mailbox stop working; the countdown
   * runs to this moment (epoch ms).
   */
  sentBeforeResendAt?: number;
  /** A code went out; another may be asked for from `resendAt` (epoch ms). */
  onSent?: (resendAt: number) => void;
  /** Any failure of a send or a check, for a page that acts on some (an expired registration). */
  onFailure?: (error: ApiError) => void;
}

export function CodeEntry(props: CodeEntryProps) {
  const { purpose, label, regToken, autoSend = true, verified = false, submitLabel, check, onVerified, sentBeforeResendAt, onSent, onFailure } = props;
  const t = useIdentityT();
  const locale = useBootStore((state) => state.locale);
  const form = useForm({ code: '' });
  const [sent, setSent] = useState<OtpSent | null>(null);
  const [sends, setSends] = useState(0);
  // As it was when the entry appeared: the page records each send in the same prop afterwards.
  const [sentBefore] = useState(sentBeforeResendAt);
  const sentEarlier = !autoSend || sentBefore !== undefined;
  // A code someone else just sent (the login sends the login code) starts the countdown too.
  const [resendAt, setResendAt] = useState<number | null>(() => sentBefore ?? (autoSend ? null : Date.now() + OTP_RESEND_INTERVAL_S * 1000));
  const [sending, setSending] = useState(false);
  const secondsLeft = useCountdown(resendAt);
  const started = useRef(false);
  const statusId = useId();

  const send = async () => {
    setSending(true);
    form.setAlert(null);
    // A code sent by someone else (the login sends the login code), or before a reload, counts as the first one.
    const endpoint = sent || sentEarlier ? resendOTP : requestOTP;
    // The message goes out in the page's language (a Spanish registration gets Spanish codes).
    const result = await memberApi().call(endpoint, { body: { purpose, language: locale, ...(regToken ? { reg_token: regToken } : {}) } });
    setSending(false);
    if (result.ok) {
      const next = Date.now() + result.data.resend_after * 1000;
      setSent(result.data);
      setSends((count) => count + 1);
      setResendAt(next);
      onSent?.(next);
    } else {
      form.setAlert(errorText(result.error, locale));
      if (result.error.code === 'code_resend_limited') setResendAt(Date.now() + (result.error.retry_after_s ?? OTP_RESEND_INTERVAL_S) * 1000);
      onFailure?.(result.error);
    }
  };

  useEffect(() => {
    if (autoSend && sentBefore === undefined && !verified && !started.current) {
      started.current = true;
      void send();
    }
  }, []);

  if (verified) {
    return (
      <div className="code-entry code-entry--done">
        <p className="code-entry__label">{label}</p>
        <p className="code-entry__verified">
          <span aria-hidden="true">✓ </span>
          {t('codes.verified')}
        </p>
      </div>
    );
  }

  return (
    <form
      className="code-entry"
      noValidate
      onSubmit={(event) =>
        form.submit(
          event,
          v.object({ code: OtpCodeSchema }),
          (values) => ({ code: values.code }),
          async ({ code }) => {
            if (check) {
              const failure = await check(code);
              if (!failure) onVerified(null);
              else onFailure?.(failure);
              return failure;
            }
            const body = v.parse(VerifyOtpSchema, { purpose, code, ...(regToken ? { reg_token: regToken } : {}) });
            const result = await memberApi().call(verifyOTP, { body });
            if (!result.ok) {
              onFailure?.(result.error);
              return result.error;
            }
            onVerified(result.data);
            return null;
          },
        )
      }
    >
      <FormAlert message={form.alert} />
      <FormField
        label={label}
        hint={t('field.codeHint')}
        binding={form.field('code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="form-field--code"
      />
      <p id={statusId} className="code-entry__status" role="status">
        {sent && sends > (sentEarlier ? 0 : 1) ? t('codes.sent', { to: sent.to }) : ''}
      </p>
      <div className="code-entry__actions">
        <button type="submit" className="button button--primary" disabled={form.busy}>
          {submitLabel ?? t('codes.verify')}
        </button>
        <button type="button" className="button button--link" disabled={sending || secondsLeft > 0} onClick={() => void send()}>
          {secondsLeft > 0 ? t('codes.resendIn', { seconds: secondsLeft }) : sent || sentEarlier ? t('codes.resend') : t('codes.send')}
        </button>
      </div>
    </form>
  );
}
