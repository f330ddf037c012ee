// The wallet's deposit address: the text (selectable, monospaced), a copy button that says
// "Address copied" in a live region, and a QR code of the address drawn as SVG.
import { useMemo, useState } from 'react';
import { useWalletsT } from '../../i18n/use-wallets-t.ts';
import { qrMatrix } from '../../wallets/qr-matrix.ts';

const QUIET_ZONE = 4;

export function DepositAddress({ coin, address }: { coin: string; address: string | null }) {
  const t = useWalletsT();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const qr = useMemo(() => (address ? qrMatrix(address) : null), [address]);

  const onCopy = async () => {
    if (!address) return;
    try {
      await navigator.clipboard.writeText(address);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <section className="panel deposit-address" aria-labelledby="deposit-address-title">
      <h2 id="deposit-address-title" className="panel__title">{t('address.title', { coin })}</h2>
      {address && qr ? (
        <div className="deposit-address__body">
          <svg
            className="deposit-address__qr"
            viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${qr.size + 2 * QUIET_ZONE} ${qr.size + 2 * QUIET_ZONE}`}
            role="img"
            aria-label={t('address.qr', { coin })}
            shapeRendering="crispEdges"
          >
            <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={qr.size + 2 * QUIET_ZONE} height={qr.size + 2 * QUIET_ZONE} fill="#ffffff" />
            <path d={qr.path} fill="#000000" />
          </svg>
          <div className="deposit-address__text">
            <p className="panel__lead">{t('address.lead', { coin })}</p>
            <code className="deposit-address__value" data-testid="deposit-address">{address}</code>
            <div className="deposit-address__actions">
              <button type="button" className="button button--secondary" onClick={() => void onCopy()}>
                {t('address.copy')}
              </button>
              <span role="status" aria-live="polite" className="deposit-address__copied">
                {copy === 'copied' ? t('address.copied') : copy === 'failed' ? t('address.copyFailed') : ''}
              </span>
            </div>
          </div>
        </div>
      ) : (
        <p className="panel__lead">{t('address.none')}</p>
      )}
    </section>
  );
}
