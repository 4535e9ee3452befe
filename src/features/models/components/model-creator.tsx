// The Custom Model Creator (Advanced): describe a person, make them once (the server's price),
// see the three views, keep the model or make another; below, "My models" to rename or delete.
// The screen around it (header, price, title) is the tools feature's: the wizard shows the saved
// models, and the tools use the wizard's photo preparation, so this feature uses neither.
import { type ReactNode, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Icon,
  SelectField,
  Spinner,
  TextAreaField,
  TextField,
  buttonClass,
} from '../../../ui/index.ts';
import { describeError } from '../../../lib/errors/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useSubscription } from '../../subscription/index.ts';
import {
  AGE_RANGES,
  BODIES,
  DETAILS_MAX,
  GENDERS,
  HAIRS,
  type ModelDescription,
  NAME_MAX,
  SKINS,
  STYLES,
  type SellerModel,
  modelPicturesQueryOptions,
  sellerModelQueryOptions,
  sellerModelsQueryOptions,
  usableSellerModels,
} from '../api.ts';
import {
  useCreateSellerModel,
  useDeleteSellerModel,
  useKeepSellerModel,
  useRenameSellerModel,
} from '../hooks/use-seller-models.ts';
import { bodyWords, genderWords, hairWords, skinWords, styleWords } from '../words.ts';
import * as s from './models.css.ts';

const INITIAL: ModelDescription = {
  gender: 'women',
  age_range: '26-35',
  body: 'average',
  skin: 'medium',
  hair: 'long-dark',
  style: 'casual',
  details: '',
  name: '',
};

function Choice<K extends string>({
  label,
  value,
  options,
  words,
  onChange,
}: {
  label: string;
  value: K;
  options: readonly K[];
  words?: Record<K, MessageDescriptor>;
  onChange: (v: K) => void;
}) {
  const { i18n } = useLingui();
  return (
    <SelectField
      label={label}
      value={value}
      options={options.map((o) => ({ value: o, label: words ? i18n._(words[o]) : o }))}
      onChange={onChange}
      className={s.select}
    />
  );
}

export function ModelViews({ model }: { model: SellerModel }) {
  const { t } = useLingui();
  const pictures = useQuery(modelPicturesQueryOptions(useSupabase(), model));
  const views = [
    ['front', t`Front view`],
    ['back', t`Back view`],
    ['side', t`Side view`],
  ] as const;
  return (
    <ul className={s.views} aria-label={t`The three views of ${model.name}`}>
      {views.map(([view, label]) => (
        <li key={view} className={s.view}>
          {pictures.data ? (
            <img className={s.picture} src={pictures.data[view]} alt={`${model.name}: ${label}`} />
          ) : (
            <div className={s.picture} />
          )}
          <span>{label}</span>
        </li>
      ))}
    </ul>
  );
}

function CreatedModel({ id, onAnother }: { id: string; onAnother: () => void }) {
  const { t, i18n } = useLingui();
  const model = useQuery(sellerModelQueryOptions(useSupabase(), id));
  const keep = useKeepSellerModel();
  const [name, setName] = useState<string | null>(null);
  const m = model.data;
  if (!m)
    return (
      <p className={s.muted}>
        <Spinner /> <Trans>Loading…</Trans>
      </p>
    );
  if (m.status === 'creating')
    return (
      <section className={s.form} aria-live="polite">
        <p>
          <Spinner /> <Trans>Making your model in three views… This usually takes a minute.</Trans>
        </p>
      </section>
    );
  if (m.status === 'failed')
    return (
      <section className={s.form}>
        <Alert tone="error">
          <Trans>Your model could not be made. Your credits have been refunded.</Trans>
        </Alert>
        <div className={s.actions}>
          <Button onClick={onAnother}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      </section>
    );
  return (
    <section className={s.form} aria-labelledby="created-model">
      <h2 id="created-model" className={s.sectionTitle}>
        {m.kept ? <Trans>Saved to My models</Trans> : <Trans>Your new model</Trans>}
      </h2>
      <ModelViews model={m} />
      {!m.kept && (
        <>
          <TextField
            label={t`Model name`}
            maxLength={NAME_MAX}
            value={name ?? m.name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          {keep.error && <Alert tone="error">{describeError(keep.error, i18n)}</Alert>}
        </>
      )}
      <div className={s.actions}>
        {!m.kept && (
          <Button
            variant="primary"
            loading={keep.isPending}
            onClick={() => keep.mutate({ id: m.id, name: name ?? undefined })}
          >
            <Icon name="check" size={16} />
            <Trans>Keep this model</Trans>
          </Button>
        )}
        <Button variant="secondary" onClick={onAnother}>
          <Trans>Make another</Trans>
        </Button>
      </div>
    </section>
  );
}

function MyModelRow({ model }: { model: SellerModel }) {
  const { t, i18n } = useLingui();
  const pictures = useQuery(modelPicturesQueryOptions(useSupabase(), model));
  const rename = useRenameSellerModel();
  const remove = useDeleteSellerModel();
  const [editing, setEditing] = useState<string | null>(null);
  const error = rename.error ?? remove.error;
  return (
    <li className={s.item}>
      {pictures.data ? (
        <img className={s.thumb} src={pictures.data.front} alt="" />
      ) : (
        <div className={s.thumb} />
      )}
      {editing === null ? (
        <span className={s.itemName}>{model.name}</span>
      ) : (
        <TextField
          label={t`New name for ${model.name}`}
          maxLength={NAME_MAX}
          value={editing}
          onChange={(e) => setEditing(e.currentTarget.value)}
        />
      )}
      {editing === null ? (
        <Button
          variant="secondary"
          size="sm"
          aria-label={t`Rename ${model.name}`}
          onClick={() => setEditing(model.name)}
        >
          <Trans>Rename</Trans>
        </Button>
      ) : (
        <Button
          size="sm"
          loading={rename.isPending}
          onClick={() =>
            rename.mutate({ id: model.id, name: editing }, { onSuccess: () => setEditing(null) })
          }
        >
          <Trans>Save name</Trans>
        </Button>
      )}
      <Button
        variant="secondary"
        size="sm"
        loading={remove.isPending}
        aria-label={t`Delete ${model.name}`}
        onClick={() => remove.mutate(model.id)}
      >
        <Icon name="trash" size={16} />
        <Trans>Delete</Trans>
      </Button>
      {error && <Alert tone="error">{describeError(error, i18n)}</Alert>}
    </li>
  );
}

export function MyModels() {
  const models = useQuery(sellerModelsQueryOptions(useSupabase()));
  const kept = usableSellerModels(models.data ?? []);
  return (
    <section aria-labelledby="my-models" className={s.page}>
      <h2 id="my-models" className={s.sectionTitle}>
        <Trans>My models</Trans>
      </h2>
      {kept.length === 0 ? (
        <p className={s.muted}>
          <Trans>You have no saved models yet.</Trans>
        </p>
      ) : (
        <ul className={s.list}>
          {kept.map((m) => (
            <MyModelRow key={m.id} model={m} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The Creator under a tool screen's header (the tools feature's page gives it the header and the
 *  server's price): locked for a plan without custom models, else the form, then My models. */
export function ModelCreator({ header, price }: { header: ReactNode; price: number | undefined }) {
  const { t, i18n } = useLingui();
  const { data: subscription } = useSubscription();
  const create = useCreateSellerModel();
  const [d, setD] = useState<ModelDescription>(INITIAL);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [createdId, setCreatedId] = useState<string | null>(null);
  const set =
    <K extends keyof ModelDescription>(k: K) =>
    (v: ModelDescription[K]) =>
      setD((x) => ({ ...x, [k]: v }));
  const locked = subscription !== undefined && subscription?.plan !== 'advanced';

  if (locked)
    return (
      <div className={s.page}>
        {header}
        <Alert tone="info">
          <Trans>Available only in Advanced Plan</Trans>
        </Alert>
        <div>
          <Link to="/pricing" className={buttonClass({ variant: 'accent' })}>
            <Icon name="sparkles" size={16} />
            <Trans>Upgrade to Advanced</Trans>
          </Link>
        </div>
      </div>
    );

  const another = () => {
    setCreatedId(null);
    setRequestId(crypto.randomUUID());
    create.reset();
  };

  return (
    <div className={s.page}>
      {header}
      {createdId ? (
        <CreatedModel id={createdId} onAnother={another} />
      ) : (
        <form
          className={s.form}
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ requestId, description: d }, { onSuccess: (m) => setCreatedId(m.id) });
          }}
        >
          <div className={s.choices}>
            <Choice
              label={t`Gender`}
              value={d.gender}
              options={GENDERS}
              words={genderWords}
              onChange={set('gender')}
            />
            <Choice
              label={t`Age range`}
              value={d.age_range}
              options={AGE_RANGES}
              onChange={set('age_range')}
            />
            <Choice
              label={t`Body`}
              value={d.body}
              options={BODIES}
              words={bodyWords}
              onChange={set('body')}
            />
            <Choice label={t`Skin`} value={d.skin} options={SKINS} words={skinWords} onChange={set('skin')} />
            <Choice label={t`Hair`} value={d.hair} options={HAIRS} words={hairWords} onChange={set('hair')} />
            <Choice
              label={t`Style`}
              value={d.style}
              options={STYLES}
              words={styleWords}
              onChange={set('style')}
            />
          </div>
          <TextAreaField
            label={t`Anything else (optional)`}
            maxLength={DETAILS_MAX}
            rows={3}
            value={d.details}
            onChange={(e) => set('details')(e.currentTarget.value.replace(/[\r\n]+/g, ' '))}
            hint={
              <span className={s.counter}>
                {d.details.length}/{DETAILS_MAX}
              </span>
            }
          />
          <TextField
            label={t`Model name (optional)`}
            maxLength={NAME_MAX}
            value={d.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
          />
          {create.error && <Alert tone="error">{describeError(create.error, i18n)}</Alert>}
          <div className={s.actions}>
            <Button type="submit" variant="primary" loading={create.isPending}>
              <Icon name="sparkles" size={16} />
              {price !== undefined ? (
                <Plural value={price} one="Make my model (# credit)" other="Make my model (# credits)" />
              ) : (
                <Trans>Make my model</Trans>
              )}
            </Button>
          </div>
        </form>
      )}
      <MyModels />
    </div>
  );
}
