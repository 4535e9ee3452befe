import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Logo } from '../../../ui/logo.tsx';
import { LanguageSwitch } from '../../i18n/index.ts';
import { FashionVisual } from './fashion-visual.tsx';
import * as s from './auth-layout.css.ts';

interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** a status screen's icon (mail sent, invalid link, done), shown above the title */
  icon?: ReactNode;
  children: ReactNode;
}

/** The frame of the sign-in screens: the form on the left, the product's promise on the right. */
export function AuthLayout({ title, subtitle, icon, children }: AuthLayoutProps) {
  return (
    <div className={s.page}>
      <div className={s.formColumn}>
        <div className={s.row}>
          <Link to="/login" className={s.brand}>
            <Logo size={32} />
            Drape
          </Link>
          <LanguageSwitch />
        </div>
        <main className={s.formWrap}>
          {icon && <span className={s.iconBadge}>{icon}</span>}
          <h1 className={s.heading}>{title}</h1>
          {subtitle && <p className={s.subheading}>{subtitle}</p>}
          {children}
        </main>
        <p className={s.legal}>
          <Link to="/content-guidelines" className={s.link}>
            <Trans>Content guidelines</Trans>
          </Link>
        </p>
      </div>
      <aside className={s.visual}>
        <div>
          <p className={s.visualQuote}>
            <Trans>Studio-quality fashion images from one product photo.</Trans>
          </p>
          <p className={s.visualNote}>
            <Trans>
              Choose a model, a pose and a background. Drape does the shoot, in about two minutes.
            </Trans>
          </p>
        </div>
        <FashionVisual />
      </aside>
    </div>
  );
}

export const authStyles = s;
