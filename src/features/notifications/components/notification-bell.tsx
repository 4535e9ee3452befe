import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Dropdown, Icon, Tabs, toast } from '../../../ui/index.ts';
import { unreadCount, type AppNotification } from '../api.ts';
import { useMarkAllRead, useMarkRead, useNotifications } from '../hooks/use-notifications.ts';
import { NotificationItem } from './notification-item.tsx';
import * as s from './notification-bell.css.ts';

type Tab = 'unread' | 'all';

export function NotificationBell() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('unread');
  const { data: notifications, isPending, isError } = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const unread = unreadCount(notifications);

  const onOpenItem = (n: AppNotification) => {
    if (!n.read) markRead.mutate(n.id);
    if (n.project_id) {
      setOpen(false);
      void navigate({ to: '/projects/$projectId', params: { projectId: n.project_id } });
    }
  };

  const list = (items: AppNotification[]) => {
    if (isPending)
      return (
        <p className={s.empty}>
          <Trans>Loading notifications…</Trans>
        </p>
      );
    if (isError)
      return (
        <p className={s.empty}>
          <Trans>Notifications could not be loaded.</Trans>
        </p>
      );
    if (items.length === 0) {
      return (
        <div className={s.empty}>
          <Icon name="bell" size={24} />
          {tab === 'unread' ? <Trans>You're all caught up.</Trans> : <Trans>No notifications yet.</Trans>}
        </div>
      );
    }
    return (
      <ul className={s.list} aria-label={t`Notifications`}>
        {items.map((n) => (
          <NotificationItem key={n.id} notification={n} onOpen={onOpenItem} />
        ))}
      </ul>
    );
  };

  const label = unread > 0 ? t`Notifications (${unread} unread)` : t`Notifications`;

  return (
    <Dropdown
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setTab('unread');
          // the list has what those toasts said: they would only cover it
          toast.dismissInBell();
        }
      }}
      role="dialog"
      label={t`Notifications`}
      trigger={(props) => (
        <button type="button" className={s.trigger} {...props} aria-label={label}>
          <Icon name="bell" />
          {unread > 0 && (
            <span className={s.count} aria-hidden="true">
              {unread > 9 ? '9+' : unread}
            </span>
          )}
        </button>
      )}
    >
      <div className={s.panel}>
        <div className={s.head}>
          <h2 className={s.title}>
            <Trans>Notifications</Trans>
          </h2>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => markAllRead.mutate()}
            disabled={unread === 0 || markAllRead.isPending}
          >
            <Icon name="check" size={16} />
            <Trans>Mark all as read</Trans>
          </Button>
        </div>
        <Tabs<Tab>
          label={t`Show`}
          value={tab}
          onChange={setTab}
          listClassName={s.tabs}
          items={[
            {
              value: 'unread',
              label: <Trans>Unread ({unread})</Trans>,
              content: list((notifications ?? []).filter((n) => !n.read)),
            },
            { value: 'all', label: <Trans>All</Trans>, content: list(notifications ?? []) },
          ]}
        />
      </div>
    </Dropdown>
  );
}
