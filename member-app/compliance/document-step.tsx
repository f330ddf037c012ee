// Step identity_document: the document chosen and its number (PATCH /verify/setVerificationData), then a
// photo of each side it has, the front first. The member can change the document at any time before
// sending; the photos of an earlier choice that no one reviewed are dropped by the server.
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { getCompliance, type Compliance } from '#core/contract/compliance.ts';
import { setVerificationData, SetVerificationDataSchema } from '#core/contract/verify.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useComplianceT } from '../i18n/use-compliance-t.ts';
import { countryOptions } from '../identity/countries.ts';
import { FormAlert, FormField, FormSelect, SubmitButton } from '../identity/form-field.tsx';
import { useForm } from '../identity/use-form.ts';
import { PhotoInput } from './photo-input.tsx';

/** The documents photographed here; residence_permit stays a declaration of setVerificationData only. */
const PHOTO_DOCUMENTS = ['passport', 'id_card', 'driving_licence'] as const;
type PhotoDocument = (typeof PHOTO_DOCUMENTS)[number];

const isPhotoDocument = (type: string | undefined | null): type is PhotoDocument => (PHOTO_DOCUMENTS as readonly string[]).includes(type ?? '');

export function DocumentStep({ compliance, onChanged }: { compliance: Compliance; onChanged: (next: Compliance) => void }) {
  const t = useComplianceT();
  const declared = compliance.document;
  const [editing, setEditing] = useState(!declared || !isPhotoDocument(declared.type));
  if (editing || !declared || !isPhotoDocument(declared.type)) {
    return <DocumentForm compliance={compliance} onSaved={(next) => { setEditing(false); onChanged(next); }} />;
  }
  const side = compliance.next?.step === 'identity_document' ? compliance.next.side ?? 'front' : 'front';
  const typeName = t(`document.${declared.type}`);
  const label = declared.type === 'passport' ? t('photo.passport') : t(side === 'front' ? 'photo.front' : 'photo.back', { type: typeName });
  return (
    <section className="kyc-form" aria-labelledby="kyc-document-title">
      <h2 id="kyc-document-title" className="panel__title">{t('document.title')}</h2>
      <p className="kyc-declared">
        {t('document.declared', { type: typeName, number: declared.number, country: declared.issue_country })}{' '}
        <button type="button" className="button button--link" onClick={() => setEditing(true)}>{t('document.change')}</button>
      </p>
      <PhotoInput key={`${declared.type}-${side}`} step="identity_document" side={side} label={label} hint={t('photo.hintDocument')} onSent={onChanged} />
    </section>
  );
}

function DocumentForm({ compliance, onSaved }: { compliance: Compliance; onSaved: (next: Compliance) => void }) {
  const t = useComplianceT();
  const locale = useBootStore((state) => state.locale);
  const countries = useMemo(() => countryOptions(locale).map(({ code, name }) => ({ value: code, label: name })), [locale]);
  const types = PHOTO_DOCUMENTS.map((type) => ({ value: type, label: t(`document.${type}`) }));
  const declared = compliance.document;
  const form = useForm(() => ({
    documentType: isPhotoDocument(declared?.type) ? declared.type : '',
    documentNumber: declared?.number ?? '',
    issueCountry: declared?.issue_country ?? compliance.address.country,
  }));
  const schema = v.object({ ...SetVerificationDataSchema.entries, documentType: v.picklist(PHOTO_DOCUMENTS, SetVerificationDataSchema.entries.documentType.message) });
  return (
    <form
      className="auth-form kyc-form"
      noValidate
      aria-labelledby="kyc-document-title"
      onSubmit={(event) =>
        form.submit(event, schema, (values) => values, async (body) => {
          const api = memberApi();
          const result = await api.call(setVerificationData, { body });
          if (!result.ok) return result.error;
          const fresh = await api.call(getCompliance, {});
          if (!fresh.ok) return fresh.error;
          onSaved(fresh.data);
          return null;
        })
      }
    >
      <h2 id="kyc-document-title" className="panel__title">{t('document.title')}</h2>
      <p className="panel__lead">{t('document.lead')}</p>
      <FormAlert message={form.alert} />
      <FormSelect label={t('document.type')} placeholder="—" options={types} binding={form.field('documentType')} />
      <FormField label={t('document.number')} autoComplete="off" binding={form.field('documentNumber')} />
      <FormSelect label={t('document.country')} placeholder="—" options={countries} binding={form.field('issueCountry')} />
      <SubmitButton busy={form.busy}>{t('document.save')}</SubmitButton>
    </form>
  );
}
