import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dropdown, Icon, menuItemClass, menuSeparatorClass } from '../../../ui/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser, signOut } from '../../auth/index.ts';
import { isOperator } from '../../operator/index.ts';
import { useDisplayName } from '../../profile/index.ts';
import { ContactDialog, FeedbackDialog } from '../../support/index.ts';
import * as s from './user-menu.css.ts';

export function UserMenu() {
  const supabase = useSupabase();
  const { t } = useLingui();
  const navigate = useNavigate();
  const user = useUser();
  const name = useDisplayName();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'feedback' | 'contact' | null>(null);
  const initial = (name || user.email || '?').charAt(0);

  const logout = async () => {
    setOpen(false);
    try {
      await signOut(supabase.auth);
    } finally {
      await navigate({ to: '/login', replace: true });
    }
  };

  return (
    <>
      <Dropdown
        open={open}
        onOpenChange={setOpen}
        label={t`Account`}
        panelClassName={s.panel}
        header={
          <div className={s.who}>
            <span className={s.avatar} aria-hidden="true">
              {initial}
            </span>
            <div>
              <p className={s.name}>{name}</p>
              <p className={s.email}>{user.email}</p>
            </div>
          </div>
        }
        trigger={(props) => (
          <button type="button" className={s.trigger} {...props} aria-label={t`Account menu for ${name}`}>
            <span className={s.avatar} aria-hidden="true">
              {initial}
            </span>
            <Icon name="chevronDown" size={16} className={s.chevron} />
          </button>
        )}
      >
        {isOperator(user) && (
          <Link to="/operator" role="menuitem" className={menuItemClass} onClick={() => setOpen(false)}>
            <Icon name="tools" size={18} />
            <Trans>Operator console</Trans>
          </Link>
        )}
        <button
          type="button"
          role="menuitem"
          className={menuItemClass}
          onClick={() => {
            setOpen(false);
            setDialog('contact');
          }}
        >
          <Icon name="mail" size={18} />
          <Trans>Contact us</Trans>
        </button>
        <button
          type="button"
          role="menuitem"
          className={menuItemClass}
          onClick={() => {
            setOpen(false);
            setDialog('feedback');
          }}
        >
          <Icon name="message" size={18} />
          <Trans>Give feedback</Trans>
        </button>
        <hr className={menuSeparatorClass} />
        <button type="button" role="menuitem" className={menuItemClass} onClick={() => void logout()}>
          <Icon name="logout" size={18} />
          <Trans>Log out</Trans>
        </button>
      </Dropdown>
      <FeedbackDialog open={dialog === 'feedback'} onClose={() => setDialog(null)} />
      <ContactDialog open={dialog === 'contact'} onClose={() => setDialog(null)} />
    </>
  );
}
