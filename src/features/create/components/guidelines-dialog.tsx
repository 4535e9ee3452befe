import type { MessageDescriptor } from '@lingui/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Dialog, Icon, type IconName } from '../../../ui/index.ts';
import { BORDERLINE, HIGH_RISK, SAFE } from '../../guidelines/index.ts';
import * as s from './create.css.ts';

function List({
  icon,
  tone,
  title,
  items,
}: {
  icon: IconName;
  tone: string;
  title: string;
  items: MessageDescriptor[];
}) {
  const { i18n } = useLingui();
  return (
    <section>
      <h3 className={[s.listTitle, tone].join(' ')}>
        <Icon name={icon} size={18} />
        {title}
      </h3>
      <ul className={s.list}>
        {items.map((item) => (
          <li key={item.id}>{i18n._(item)}</li>
        ))}
      </ul>
    </section>
  );
}

/** Shown before an on-model, flat-lay or mannequin shoot (spec 2 §2): Continue opens the wizard. */
export function GuidelinesDialog({
  open,
  onClose,
  onContinue,
}: {
  open: boolean;
  onClose: () => void;
  onContinue: () => void;
}) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t`Content guidelines`}
      description={t`Before you upload: what we can turn into images, and what we refuse. Rejected projects are refunded.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={onContinue}>
            <Trans>Continue</Trans>
          </Button>
        </>
      }
    >
      <div className={s.lists}>
        <List icon="xCircle" tone={s.danger} title={t`Not allowed`} items={HIGH_RISK} />
        <List icon="alert" tone={s.warning} title={t`May be refused`} items={BORDERLINE} />
        <List icon="checkCircle" tone={s.success} title={t`Works well`} items={SAFE} />
        <Link to="/content-guidelines" className={s.link} target="_blank">
          <Trans>Read the full content guidelines</Trans>
        </Link>
      </div>
    </Dialog>
  );
}
