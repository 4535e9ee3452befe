import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';
import * as s from './alert.css.ts';

const icons: Record<keyof typeof s.tone, IconName> = {
  success: 'checkCircle',
  error: 'alertCircle',
  info: 'info',
  warning: 'alert',
};

/** An inline message. Errors are announced at once (role alert); the rest politely. */
export function Alert({ tone, children }: { tone: keyof typeof s.tone; children: ReactNode }) {
  return (
    <div className={[s.base, s.tone[tone]].join(' ')} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon name={icons[tone]} size={18} className={s.icon} />
      <div>{children}</div>
    </div>
  );
}
