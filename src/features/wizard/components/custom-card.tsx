import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Icon } from '../../../ui/index.ts';
import { CUSTOM_TEXT_MAX, customText, hasText } from '../model/draft.ts';
import { LockedCard } from './locked-card.tsx';
import * as c from './selectable-card.css.ts';
import * as s from './custom-card.css.ts';

interface CustomCardProps {
  kind: 'model' | 'background';
  locked: boolean;
  text: string | null;
  selected: boolean;
  onSelect: () => void;
  onSave: (text: string) => void;
}

/** Custom model / custom background (spec 2 §4): Advanced only, locked otherwise; an edit mode
 *  whose text is committed (one line, non-empty, at most CUSTOM_TEXT_MAX characters) by Enter
 *  without Shift or by Save. */
export function CustomCard({ kind, locked, text, selected, onSelect, onSave }: CustomCardProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(text ?? '');
  const title = kind === 'model' ? t`Custom Model` : t`Custom Background`;
  const placeholder =
    kind === 'model'
      ? t`Describe the model: age, build, hair, skin tone, expression…`
      : t`Describe the setting: place, light, colours, mood…`;

  const commit = () => {
    if (!hasText(value)) return;
    onSave(customText(value));
    setEditing(false);
  };

  if (locked) return <LockedCard title={title} />;

  if (editing) {
    return (
      <div className={[c.card, s.card].join(' ')} data-selected={selected}>
        <div className={s.inner}>
          <label className={c.name} htmlFor={`custom-${kind}`}>
            {title}
          </label>
          <textarea
            id={`custom-${kind}`}
            className={s.textarea}
            value={value}
            placeholder={placeholder}
            rows={kind === 'model' ? 5 : 8}
            maxLength={CUSTOM_TEXT_MAX}
            aria-describedby={`custom-${kind}-count`}
            // biome-ignore lint/a11y/noAutofocus: the seller asked to write; the field is where they type
            autoFocus
            onChange={(e) => setValue(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                commit();
              } else if (e.key === 'Escape') {
                e.stopPropagation();
                setEditing(false);
              }
            }}
          />
          <p id={`custom-${kind}-count`} className={s.counter}>
            <Trans>
              {value.length} of {CUSTOM_TEXT_MAX} characters
            </Trans>
          </p>
          <div className={s.actions}>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button size="sm" onClick={commit} disabled={!hasText(value)}>
              <Trans>Save</Trans>
            </Button>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className={[c.card, s.card].join(' ')} data-selected={selected}>
      {hasText(text) && (
        <button
          type="button"
          className={c.choose}
          aria-pressed={selected}
          aria-label={t`Choose ${title}`}
          onClick={onSelect}
        />
      )}
      {selected && (
        <span className={c.tick}>
          <Icon name="check" size={16} />
        </span>
      )}
      <div className={s.inner}>
        <span className={s.icon}>
          <Icon name="sparkles" size={22} />
        </span>
        <p className={c.name}>{title}</p>
        <p className={kind === 'model' ? s.clamp5 : s.clamp8}>
          {hasText(text)
            ? text
            : kind === 'model'
              ? t`Describe the model you have in mind.`
              : t`Describe the place you have in mind.`}
        </p>
        <Button
          size="sm"
          variant="secondary"
          className={s.editButton}
          onClick={() => {
            setValue(text ?? '');
            setEditing(true);
          }}
        >
          <Icon name="pencil" size={16} />
          {hasText(text) ? <Trans>Edit</Trans> : <Trans>Describe</Trans>}
        </Button>
      </div>
    </div>
  );
}
