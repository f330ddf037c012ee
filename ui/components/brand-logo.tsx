// The provider's logo (meta.logo_url) as a link home, its label as the accessible name.
import { useWhiteLabel } from '../boot/boot-store.ts';
import { useT } from '../i18n/use-t.ts';
import { Link } from './link.tsx';

export function BrandLogo({ size = 'md', linkHome = true }: { size?: 'sm' | 'md' | 'lg'; linkHome?: boolean }) {
  const whitelabel = useWhiteLabel();
  const t = useT();
  if (!whitelabel) return null;
  const label = whitelabel.configuration.label_name;
  const image = <img className={`brand-logo brand-logo--${size}`} src={whitelabel.meta.logo_url} alt={label} />;
  if (!linkHome) return image;
  return (
    <Link href="/" className="brand-link" aria-label={t('nav.home', { label })}>
      {image}
    </Link>
  );
}
