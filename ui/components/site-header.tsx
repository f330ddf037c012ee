import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo.tsx';
import { TestModeBadge } from './test-mode-badge.tsx';

/** The plain header of the default, error and flow frames: logo left, test badge and `children` right. */
export function SiteHeader({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return (
    <header className={`site-header ${className}`.trim()}>
      <div className="site-header__inner">
        <BrandLogo />
        <div className="site-header__end">
          <TestModeBadge />
          {children}
        </div>
      </div>
    </header>
  );
}
