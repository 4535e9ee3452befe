import { useLingui } from '@lingui/react/macro';
import { Icon, type IconName } from '../../../ui/index.ts';
import { formatRelative } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import type { AppNotification } from '../api.ts';
import { notificationText } from '../notification-text.ts';
import * as s from './notification-bell.css.ts';

const icons: Record<string, IconName> = {
  project_created: 'sparkles',
  project_completed: 'checkCircle',
  project_failed: 'xCircle',
  project_rejected: 'shield',
  credits_low: 'coins',
  credits_empty: 'alert',
};

export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: AppNotification;
  onOpen: (n: AppNotification) => void;
}) {
  const { t, i18n } = useLingui();
  const n = notification;
  const text = notificationText(n, i18n);
  return (
    <li>
      <button type="button" className={s.item} onClick={() => onOpen(n)}>
        <span className={s.icon}>
          <Icon name={icons[n.type] ?? 'bell'} size={18} />
        </span>
        <span>
          <span className={s.itemTitle} data-read={n.read}>
            {text.title}
          </span>
          <span className={s.itemMessage}>{text.message}</span>
          <time className={s.time} dateTime={n.created_at}>
            {formatRelative(n.created_at, currentLocale())}
          </time>
        </span>
        {!n.read ? <span className={s.dot} role="img" aria-label={t`Unread`} /> : <span />}
      </button>
    </li>
  );
}
