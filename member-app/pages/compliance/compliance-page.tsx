// /compliance (spec §2, the sidebar's Account Verification and the user menu's Verify Account): the
// member's identity check, step by step, and where it stands.
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { ComplianceFlow } from '../../compliance/compliance-flow.tsx';
import { useComplianceT } from '../../i18n/use-compliance-t.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';

export default function CompliancePage() {
  return <MemberFrame>{() => <Compliance />}</MemberFrame>;
}

function Compliance() {
  const t = useComplianceT();
  useDocumentTitle(t('kyc.title'));
  return (
    <div className="member-page kyc-page">
      <header>
        <h1 className="member-page__title">{t('kyc.title')}</h1>
        <p className="member-page__meta">{t('kyc.lead')}</p>
      </header>
      <ComplianceFlow />
    </div>
  );
}
