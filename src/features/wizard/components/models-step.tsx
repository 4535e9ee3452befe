import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Icon, SelectField } from '../../../ui/index.ts';
import type { CatalogueModel } from '../api.ts';
import { AGE_FILTERS, genderLabel, type AgeFilter } from '../catalogue-text.ts';
import { useCustomAccess, useModels } from '../hooks/use-catalogue.ts';
import { genderAsked, useFavouriteModels, useSelectedGender } from '../local-choices.ts';
import { CUSTOM_ID, GENDERS, type Draft, type Gender } from '../model/draft.ts';
import type { WizardAction } from '../model/reducer.ts';
import { CustomCard } from './custom-card.tsx';
import { GenderDialog } from './gender-dialog.tsx';
import { ModelCard } from './model-card.tsx';
import { ModelGalleryDialog } from './model-gallery-dialog.tsx';
import { SavedModels } from './saved-models.tsx';
import { CatalogueLoadAlert, catalogueLoad } from './catalogue-load-state.tsx';
import * as w from './wizard.css.ts';
import * as s from './models-step.css.ts';
import { SKELETON_KEYS } from './skeleton-keys.ts';

export function ModelsStep({ draft, dispatch }: { draft: Draft; dispatch: (a: WizardAction) => void }) {
  const { t, i18n } = useLingui();
  const models = useModels();
  const modelsLoad = catalogueLoad(models);
  const access = useCustomAccess();
  const [gender, setGender] = useSelectedGender();
  const [favourites, toggleFavourite] = useFavouriteModels();
  const [age, setAge] = useState<AgeFilter>('all');
  // "My models" shows only the seller's saved models
  const [onlyMine, setOnlyMine] = useState(false);
  const [preview, setPreview] = useState<CatalogueModel | null>(null);
  // asked on entry while this run has no model yet; a browser that never answered is asked once anyway
  // (a seller whose saved model went has answered already: they only choose again)
  const [asking, setAsking] = useState(
    () =>
      (draft.modelId === null && draft.sellerModelId === null && !draft.sellerModelGone) || !genderAsked(),
  );

  const chooseGender = (g: Gender) => {
    setGender(g);
    setAsking(false);
  };
  const shown = (models.data ?? []).filter(
    (m) => m.gender === gender && (age === 'all' || m.ageRange === age),
  );

  return (
    <div className={s.step}>
      {draft.sellerModelGone && (
        <Alert tone="warning">
          <Trans>
            The saved model chosen for this shoot is no longer available. Please choose another model.
          </Trans>
        </Alert>
      )}
      <div className={w.toolbar}>
        <SelectField
          label={<Trans>Show</Trans>}
          value={onlyMine ? 'mine' : 'all'}
          onChange={(v) => setOnlyMine(v === 'mine')}
          options={[
            { value: 'all', label: t`All models` },
            { value: 'mine', label: t`My models` },
          ]}
        />
        {!onlyMine && (
          <>
            <SelectField
              label={<Trans>Gender</Trans>}
              value={gender}
              onChange={setGender}
              options={GENDERS.map((g) => ({ value: g, label: i18n._(genderLabel[g]) }))}
            />
            <SelectField
              label={<Trans>Age</Trans>}
              value={age}
              onChange={setAge}
              options={AGE_FILTERS.map((a) => ({ value: a, label: a === 'all' ? t`All ages` : a }))}
            />
          </>
        )}
      </div>
      <p className={w.note}>
        <Icon name="info" size={18} />
        <Trans>Results will not be 100% identical to the chosen model.</Trans>
      </p>

      <SavedModels draft={draft} dispatch={dispatch} />

      {!onlyMine && (
        <>
          <CatalogueLoadAlert
            state={modelsLoad}
            failed={<Trans>The models could not be loaded.</Trans>}
            onRetry={() => void models.refetch()}
          />

          <section
            className={w.cardGrid}
            aria-busy={modelsLoad === 'loading' || undefined}
            aria-label={t`Models`}
          >
            <CustomCard
              kind="model"
              locked={!access.customModel}
              text={draft.customModel}
              selected={draft.modelId === CUSTOM_ID}
              onSelect={() => dispatch({ type: 'selectModel', modelId: CUSTOM_ID, gender })}
              onSave={(text) => dispatch({ type: 'setCustomModel', text, gender })}
            />
            {modelsLoad === 'loading' &&
              SKELETON_KEYS.slice(0, 5).map((key) => (
                <div key={key} className={s.skeletonCard} aria-hidden="true" />
              ))}
            {shown.map((model) => (
              <ModelCard
                key={model.id}
                model={model}
                selected={draft.modelId === model.id}
                favourite={favourites.has(model.id)}
                onSelect={() => dispatch({ type: 'selectModel', modelId: model.id, gender: model.gender })}
                onPreview={() => setPreview(model)}
                onToggleFavourite={() => toggleFavourite(model.id)}
              />
            ))}
          </section>
          {models.isSuccess && shown.length === 0 && (
            <p className={w.muted}>
              <Trans>No models match these filters.</Trans>
            </p>
          )}
        </>
      )}

      <GenderDialog open={asking} current={gender} onChoose={chooseGender} />
      <ModelGalleryDialog
        model={preview}
        onClose={() => setPreview(null)}
        onChoose={(m) => dispatch({ type: 'selectModel', modelId: m.id, gender: m.gender })}
      />
    </div>
  );
}
