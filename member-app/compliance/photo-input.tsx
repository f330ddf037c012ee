// One photo for a step: the phone's camera (capture: the back camera for documents, the front one for the
// selfie) or a file, sent as base64 in JSON (POST /v1/compliance/documents). A file over 8 MB is refused
// here before it is read; the server checks the bytes themselves (type, pixels) and strips their metadata.
import { useId, useState } from 'react';
import type { Compliance, UploadStep } from '#core/contract/compliance.ts';
import { uploadComplianceDocument } from '#core/contract/compliance.ts';
import { DOCUMENT_MAX_BYTES } from '#core/compliance/document-image.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useComplianceT } from '../i18n/use-compliance-t.ts';
import { FormAlert } from '../identity/form-field.tsx';
import { complianceErrorText } from './compliance-error-text.ts';

export interface PhotoInputProps {
  step: UploadStep;
  side?: 'front' | 'back';
  label: string;
  hint: string;
  onSent: (next: Compliance) => void;
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function PhotoInput({ step, side, label, hint, onSent }: PhotoInputProps) {
  const t = useComplianceT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (file: File | undefined) => {
    if (!file || busy) return;
    setError(null);
    if (file.size > DOCUMENT_MAX_BYTES) {
      setError(complianceErrorText({ code: 'document_too_large', message: 'The photo is larger than 8 MB. Take it again at a lower resolution, or upload a smaller copy.' }, locale));
      return;
    }
    setBusy(true);
    let image: string;
    try {
      image = await readBase64(file);
    } catch {
      setBusy(false);
      setError(t('photo.readFailed'));
      return;
    }
    const result = await memberApi().call(uploadComplianceDocument, { body: { step, ...(side ? { side } : {}), image_base64: image } });
    setBusy(false);
    if (!result.ok) {
      setError(complianceErrorText(result.error, locale));
      return;
    }
    onSent(result.data);
  };

  return (
    <div className="kyc-photo">
      <label htmlFor={id} className="kyc-photo__label">{label}</label>
      <p id={`${id}-hint`} className="form-field__hint">{hint}</p>
      <FormAlert message={error} />
      <input
        id={id}
        type="file"
        accept="image/*"
        capture={step === 'selfie' ? 'user' : 'environment'}
        className="kyc-photo__input"
        aria-describedby={`${id}-hint`}
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void send(file);
        }}
      />
      {busy ? <p role="status" className="panel__note">{t('photo.uploading')}</p> : null}
    </div>
  );
}
