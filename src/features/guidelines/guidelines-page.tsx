import type { MessageDescriptor } from '@lingui/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon, type IconName } from '../../ui/index.ts';
import { Logo } from '../../ui/logo.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { LanguageSwitch } from '../i18n/index.ts';
import { ADDITIONAL, BORDERLINE, HIGH_RISK, SAFE } from './guidelines.ts';
import * as s from './guidelines-page.css.ts';

function ListCard({
  tone,
  icon,
  title,
  text,
  items,
}: {
  tone: keyof typeof s.tone;
  icon: IconName;
  title: React.ReactNode;
  text: React.ReactNode;
  items: MessageDescriptor[];
}) {
  const { i18n } = useLingui();
  return (
    <section className={[s.card, s.tone[tone]].join(' ')}>
      <div className={s.cardHead}>
        <Icon name={icon} />
        <h2 className={s.cardTitle}>{title}</h2>
      </div>
      <p className={s.cardText}>{text}</p>
      <ul className={s.list}>
        {items.map((item) => (
          <li key={item.id}>{i18n._(item)}</li>
        ))}
      </ul>
    </section>
  );
}

export function ContentGuidelinesPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Content guidelines`);
  return (
    <div className={s.page}>
      <header className={s.top}>
        <Link to="/home" className={s.brand}>
          <Logo size={30} />
          Drape
        </Link>
        <LanguageSwitch />
      </header>
      <main className={s.main}>
        <div>
          <h1 className={s.title}>
            <Trans>Content guidelines</Trans>
          </h1>
          <p className={s.lead}>
            <Trans>
              What you can upload for on-model and flat-lay shoots, so every project comes back ready to sell.
            </Trans>
          </p>
        </div>
        <div className={s.grid}>
          <ListCard
            tone="danger"
            icon="xCircle"
            title={<Trans>High risk</Trans>}
            text={<Trans>Not accepted. Projects with these are rejected.</Trans>}
            items={HIGH_RISK}
          />
          <ListCard
            tone="warning"
            icon="alert"
            title={<Trans>Borderline</Trans>}
            text={<Trans>May be rejected, depending on the photo.</Trans>}
            items={BORDERLINE}
          />
          <ListCard
            tone="success"
            icon="checkCircle"
            title={<Trans>Safe</Trans>}
            text={<Trans>Works well with every model and background.</Trans>}
            items={SAFE}
          />
        </div>
        <section className={s.section}>
          <h2 className={s.sectionTitle}>
            <Trans>Additional guidelines</Trans>
          </h2>
          <ul className={s.list}>
            {ADDITIONAL.map((item) => (
              <li key={item.id}>{i18n._(item)}</li>
            ))}
          </ul>
        </section>
        <section className={s.refund}>
          <Icon name="shield" size={24} />
          <div>
            <h2 className={s.sectionTitle}>
              <Trans>Rejected projects are refunded</Trans>
            </h2>
            <p>
              <Trans>
                If a project is rejected for breaking these guidelines, the credits it used go back to your
                balance.
              </Trans>
            </p>
          </div>
        </section>
      </main>
    </div>
  );
}
