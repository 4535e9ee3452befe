import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Icon } from '../../../ui/index.ts';
import { CUSTOM_DESCRIPTION_MAX, canSaveCustom, cleanDescription } from '../rules.ts';
import * as s from './style-card.css.ts';

interface CustomStyleCardProps {
  allowed: boolean;
  selected: boolean;
  description: string;
  onSelect: () => void;
  onSave: (text: string) => void;
}

/**
 * The custom style (Advanced only): choosing it without a description opens the editor;
 * Save or Enter (without Shift) keeps the trimmed text, which may not be empty.
 */
export function CustomStyleCard({ allowed, selected, description, onSelect, onSave }: CustomStyleCardProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(description);
  const area = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();

  useEffect(() => {
    if (editing) area.current?.focus();
  }, [editing]);

  const save = () => {
    if (!canSaveCustom(draft)) return;
    onSave(cleanDescription(draft));
    setEditing(false);
  };

  if (editing) {
    return (
      <li className={s.fullRow}>
        <div className={[s.custom, s.editing].join(' ')} data-selected={selected}>
          <div className={s.editor}>
            <label className={s.customTitle} htmlFor={`${hintId}-text`}>
              <Trans>Describe your video style</Trans>
            </label>
            <textarea
              id={`${hintId}-text`}
              ref={area}
              className={s.textarea}
              value={draft}
              maxLength={CUSTOM_DESCRIPTION_MAX}
              aria-describedby={hintId}
              placeholder={t`e.g. Slow pan from the shoes up to the face, soft morning light`}
              onChange={(e) => setDraft(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  save();
                }
                if (e.key === 'Escape') {
                  setDraft(description);
                  setEditing(false);
                }
              }}
            />
            <p id={hintId} className={s.lockNote}>
              <Trans>Enter saves · Shift+Enter for a new line</Trans>
            </p>
            <div className={s.editorActions}>
              <Button size="sm" onClick={save} disabled={!canSaveCustom(draft)}>
                <Trans>Save</Trans>
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setDraft(description);
                  setEditing(false);
                }}
              >
                <Trans>Cancel</Trans>
              </Button>
            </div>
          </div>
        </div>
      </li>
    );
  }

  return (
    <li>
      <div className={s.custom} data-selected={selected} data-locked={!allowed}>
        <button
          type="button"
          className={s.customButton}
          aria-pressed={allowed ? selected : undefined}
          disabled={!allowed}
          onClick={() => {
            onSelect();
            if (!description) {
              setDraft('');
              setEditing(true);
            }
          }}
          data-testid="video-style-custom"
        >
          <span className={s.customIcon}>
            <Icon name={allowed ? 'pencil' : 'lock'} size={20} />
          </span>
          <span className={s.customTitle}>
            <Trans>Custom style</Trans>
          </span>
          <span className={s.customText}>
            {description || <Trans>Describe the camera move and the mood you want, in your own words.</Trans>}
          </span>
        </button>
        {allowed ? (
          description && (
            <Button
              size="sm"
              variant="secondary"
              className={s.editLink}
              onClick={() => {
                onSelect();
                setDraft(description);
                setEditing(true);
              }}
            >
              <Icon name="pencil" size={16} />
              <Trans>Edit</Trans>
            </Button>
          )
        ) : (
          <span className={s.lockNote}>
            <Icon name="lock" size={16} />
            <Trans>Available only in Advanced Plan</Trans>
          </span>
        )}
      </div>
    </li>
  );
}
