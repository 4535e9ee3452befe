import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../../ui/index.ts';
import { Logo } from '../../../ui/logo.tsx';
import { NotificationBell, ProcessingIndicator } from '../../notifications/components.ts';
import { CreditsDropdown } from '../../subscription/components.ts';
import { UserMenu } from './user-menu.tsx';
import * as s from './header.css.ts';

interface HeaderProps {
  isMobile: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function Header({ isMobile, sidebarOpen, onToggleSidebar }: HeaderProps) {
  const { t } = useLingui();
  const toggleLabel = isMobile ? t`Open navigation` : sidebarOpen ? t`Collapse sidebar` : t`Expand sidebar`;
  return (
    <header className={s.header}>
      <button
        type="button"
        className={s.toggle}
        onClick={onToggleSidebar}
        aria-label={toggleLabel}
        aria-expanded={isMobile ? undefined : sidebarOpen}
      >
        <Icon name={isMobile ? 'menu' : 'sidebar'} />
      </button>
      <Link to="/home" className={s.mobileBrand}>
        <Logo size={26} />
        Drape
      </Link>
      <div className={s.spacer} />
      <div className={s.actions}>
        <ProcessingIndicator />
        <NotificationBell />
        <CreditsDropdown />
        <UserMenu />
      </div>
    </header>
  );
}
