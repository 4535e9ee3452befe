import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../../ui/index.ts';
import { FAQ } from '../faq.ts';
import * as s from './pricing.css.ts';

/** The 14 questions as an accordion (native details/summary: keyboard and screen readers for free). */
export function Faq() {
  const { i18n } = useLingui();
  return (
    <section className={s.section} aria-labelledby="faq-title">
      <h2 id="faq-title" className={s.sectionTitle}>
        <Trans>Frequently asked questions</Trans>
      </h2>
      <div className={s.faq}>
        {FAQ.map((entry) => (
          <details key={entry.question.id} className={s.faqItem}>
            <summary className={s.faqQuestion}>
              <span>{i18n._(entry.question)}</span>
              <Icon name="chevronDown" size={18} className={s.faqChevron} />
            </summary>
            <p className={s.faqAnswer}>{i18n._(entry.answer)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
