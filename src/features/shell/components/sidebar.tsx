import { Link, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../../ui/index.ts';
import { Logo } from '../../../ui/logo.tsx';
import { activeNavKey, NAV_ITEMS } from '../nav-items.ts';
import * as s from './sidebar.css.ts';

interface SidebarProps {
  collapsed?: boolean;
  onNavigate?: () => void;
}

export function Sidebar({ collapsed = false, onNavigate }: SidebarProps) {
  const { t, i18n } = useLingui();
  const pathname = useRouterState({ select: (st) => st.location.pathname });
  const active = activeNavKey(pathname);

  return (
    <nav className={s.sidebar} aria-label={t`Main`}>
      <div className={s.brandRow}>
        <Link
          to="/home"
          className={s.brand}
          onClick={onNavigate}
          aria-label={collapsed ? 'Drape' : undefined}
        >
          <Logo size={32} />
          {!collapsed && 'Drape'}
        </Link>
      </div>
      <ul className={s.list}>
        {NAV_ITEMS.map((item) => {
          const label = i18n._(item.label);
          return (
            <li key={item.key}>
              <Link
                to={item.to}
                className={[s.link, collapsed ? s.collapsedLink : undefined].filter(Boolean).join(' ')}
                aria-current={active === item.key ? 'page' : undefined}
                aria-label={collapsed ? label : undefined}
                title={collapsed ? label : undefined}
                onClick={onNavigate}
                activeProps={{}}
              >
                <Icon name={item.icon} />
                {!collapsed && label}
              </Link>
            </li>
          );
        })}
      </ul>
      {!collapsed && (
        <div className={s.footer}>
          <span className={s.footerTitle}>
            <Trans>Need help with a shoot?</Trans>
          </span>
          <Link to="/content-guidelines" className={s.footerLink} onClick={onNavigate}>
            <Trans>Read the content guidelines</Trans>
          </Link>
        </div>
      )}
    </nav>
  );
}
