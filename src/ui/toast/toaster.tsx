import { useMemo, useSyncExternalStore } from 'react';
import { Plural, useLingui } from '@lingui/react/macro';
import { Icon, type IconName } from '../icons.tsx';
import { Spinner } from '../spinner.tsx';
import { groupToasts, toast as store, type ToastTone } from './toast-store.ts';
import * as s from './toaster.css.ts';

const icons: Record<Exclude<ToastTone, 'loading'>, IconName> = {
  info: 'info',
  success: 'checkCircle',
  error: 'alertCircle',
};

export function Toaster() {
  const { t } = useLingui();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const groups = useMemo(() => groupToasts(toasts), [toasts]);
  return (
    <section className={s.region} aria-label={t`Messages`} aria-live="polite">
      {groups.map(({ toast: item, ids, more }) => (
        <div
          key={item.group ?? item.id}
          className={s.toast}
          role={item.tone === 'error' ? 'alert' : 'status'}
        >
          <span className={s.icon[item.tone]}>
            {item.tone === 'loading' ? <Spinner size={18} /> : <Icon name={icons[item.tone]} />}
          </span>
          <div className={s.body}>
            <p className={s.title}>{item.title}</p>
            {item.description && <p className={s.description}>{item.description}</p>}
            {more > 0 && (
              <p className={s.more}>
                <Plural value={more} one="# more" other="# more" />
              </p>
            )}
          </div>
          <button
            type="button"
            className={s.close}
            onClick={() => store.dismissWhere((x) => ids.includes(x.id))}
            aria-label={more > 0 ? t`Dismiss all ${ids.length}` : t`Dismiss`}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </section>
  );
}
