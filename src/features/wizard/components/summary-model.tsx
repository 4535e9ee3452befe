import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { currentLocale } from '../../../lib/i18n.ts';
import { modelName } from '../catalogue-text.ts';
import { useModels } from '../hooks/use-catalogue.ts';
import { useSavedModelPictures, useSavedModels } from '../hooks/use-saved-models.ts';
import { CUSTOM_ID, type Draft } from '../model/draft.ts';
import { stepLink } from '../navigation.ts';
import { CatalogueImage } from './catalogue-image.tsx';
import * as s from './summary.css.ts';

/** The summary's model line: a saved model (its front view and name), the custom model's
 *  description, or a catalogue model. */
export function SummaryModel({ draft }: { draft: Draft }) {
  const models = useModels();
  const saved = useSavedModels().models.find((m) => m.id === draft.sellerModelId);
  const pictures = useSavedModelPictures(saved);
  const model = draft.sellerModelId ? undefined : models.data?.find((m) => m.id === draft.modelId);
  return (
    <div className={s.choice}>
      <div className={s.choiceThumb}>
        {saved && pictures.data && <img className={s.choiceImage} src={pictures.data.front} alt="" />}
        {model && <CatalogueImage path={model.imagePath} alt="" sizes="56px" />}
      </div>
      <dl>
        <dt className={s.choiceLabel}>
          <Trans>Model</Trans>
        </dt>
        {draft.sellerModelId ? (
          <dd className={s.choiceValue}>{saved?.name ?? '—'}</dd>
        ) : draft.modelId === CUSTOM_ID ? (
          <dd className={s.choiceText} style={{ WebkitLineClamp: 5 }}>
            {draft.customModel}
          </dd>
        ) : (
          <dd className={s.choiceValue}>{model ? modelName(model, currentLocale()) : '—'}</dd>
        )}
      </dl>
      <Link {...stepLink(draft.flow, 'models')} className={s.editLink}>
        <Trans>Change</Trans>
      </Link>
    </div>
  );
}
