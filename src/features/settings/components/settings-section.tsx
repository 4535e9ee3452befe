import { useId, type ReactNode } from 'react';
import { Card } from '../../../ui/index.ts';
import * as s from './settings.css.ts';

export function SettingsSection({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <Card as="section" padding="lg" aria-labelledby={id} className={className}>
      <div className={s.section}>
        <div>
          <h2 id={id} className={s.sectionTitle}>
            {title}
          </h2>
          {description && <p className={s.sectionText}>{description}</p>}
        </div>
        <div className={s.fields}>{children}</div>
      </div>
    </Card>
  );
}
