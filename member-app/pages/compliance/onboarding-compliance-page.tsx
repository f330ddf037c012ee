// /onboarding/compliance (spec §2): the same identity check as /compliance, offered right after onboarding,
// with a way to leave it for later.
import { Link } from 'wouter';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { ComplianceFlow } from '../../compliance/compliance-flow.tsx';
import { useComplianceT } from '../../i18n/use-compliance-t.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';

export default function OnboardingCompliancePage() {
  return <MemberFrame>{() => <OnboardingCompliance />}</MemberFrame>;
}

function OnboardingCompliance() {
  const t = useComplianceT();
  useDocumentTitle(t('kyc.onboardingTitle'));
  return (
    <div className="member-page kyc-page">
      <header className="kyc-page__header">
        <div>
          <h1 className="member-page__title">{t('kyc.onboardingTitle')}</h1>
          <p className="member-page__meta">{t('kyc.onboardingLead')}</p>
        </div>
        <Link href="/wallets" className="button button--secondary">{t('kyc.onboardingLater')}</Link>
      </header>
      <ComplianceFlow />
    </div>
  );
}
