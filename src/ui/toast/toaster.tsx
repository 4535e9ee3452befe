import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Icon, type IconName } from '../icons.tsx';
import { Spinner } from '../spinner.tsx';
import { toast as store, type ToastTone } from './toast-store.ts';
import * as s from './toaster.css.ts';

const icons: Record<Exclude<ToastTone, 'loading'>, IconName> = {
  info: 'info',
  success: 'checkCircle',
  error: 'alertCircle',
};

export function Toaster() {
  const { t } = useLingui();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <section className={s.region} aria-label={t`Messages`} aria-live="polite">
      {toasts.map((item) => (
        <div key={item.id} className={s.toast} role={item.tone === 'error' ? 'alert' : 'status'}>
          <span className={s.icon[item.tone]}>
            {item.tone === 'loading' ? <Spinner size={18} /> : <Icon name={icons[item.tone]} />}
          </span>
          <div>
            <p className={s.title}>{item.title}</p>
            {item.description && <p className={s.description}>{item.description}</p>}
          </div>
          <button
            type="button"
            className={s.close}
            onClick={() => store.dismiss(item.id)}
            aria-label={t`Dismiss`}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </section>
  );
}
