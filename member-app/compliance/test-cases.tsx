// Test mode only: what to type for each outcome of the test provider, as Stripe lists its test cards. The
// server sends the cases only in test mode, so a live page never shows this.
import type { Compliance } from '#core/contract/compliance.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useComplianceT } from '../i18n/use-compliance-t.ts';

export function TestCases({ cases }: { cases: Compliance['test_cases'] }) {
  const t = useComplianceT();
  const locale = useBootStore((state) => state.locale);
  if (cases.length === 0) return null;
  return (
    <aside className="kyc-test panel" aria-labelledby="kyc-test-title">
      <details open>
      <summary><h2 id="kyc-test-title" className="panel__title kyc-test__title"><span className="badge badge--test">TEST</span> {t('test.title')}</h2></summary>
      <p className="panel__lead">{t('test.lead')}</p>
      <table className="kyc-test__table">
        <tbody>
          {cases.map((testCase) => (
            <tr key={`${testCase.field}-${testCase.value}`}>
              <th scope="row"><span className="kyc-test__field">{t(testCase.field === 'documentNumber' ? 'test.documentNumber' : 'test.lastName')}</span> <code>{testCase.value}</code></th>
              <td>{locale === 'es' ? testCase.es : testCase.en}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </details>
    </aside>
  );
}
