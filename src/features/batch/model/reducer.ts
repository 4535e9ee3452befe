// Every change of a batch draft, as a pure function. The choices change through the wizard's
// reducer (the same rules as a wizard run); switching the project type keeps the model and
// the pose and asks for the background again (each type has its own backgrounds).
import type { Flow } from '../../wizard/index.ts';
import { emptyDraft, wizardReducer, type GarmentType, type WizardAction } from '../../wizard/components.ts';
import { MAX_BATCH_PHOTOS, MAX_NAME_LENGTH, type BatchDraft, type BatchItem } from './batch-draft.ts';

export type BatchAction =
  | { type: 'addItems'; items: BatchItem[] }
  | { type: 'removeItem'; itemId: string }
  | { type: 'updateUpload'; itemId: string; upload: Partial<BatchItem['upload']> }
  | { type: 'setGarmentType'; itemId: string; garmentType: GarmentType }
  | { type: 'rename'; itemId: string; name: string }
  | { type: 'choose'; action: WizardAction }
  | { type: 'setProjectType'; flow: Flow }
  | { type: 'setRequest'; request: BatchDraft['request'] };

const mapItem = (draft: BatchDraft, id: string, fn: (i: BatchItem) => BatchItem): BatchDraft => {
  if (!draft.items.some((i) => i.id === id)) return draft;
  return { ...draft, items: draft.items.map((i) => (i.id === id ? fn(i) : i)) };
};

export function batchReducer(draft: BatchDraft, action: BatchAction): BatchDraft {
  switch (action.type) {
    case 'addItems': {
      const room = MAX_BATCH_PHOTOS - draft.items.length;
      if (room <= 0 || action.items.length === 0) return draft;
      return { ...draft, items: [...draft.items, ...action.items.slice(0, room)] };
    }
    case 'removeItem':
      if (!draft.items.some((i) => i.id === action.itemId)) return draft;
      return { ...draft, items: draft.items.filter((i) => i.id !== action.itemId) };
    case 'updateUpload':
      return mapItem(draft, action.itemId, (i) => ({ ...i, upload: { ...i.upload, ...action.upload } }));
    case 'setGarmentType':
      return mapItem(draft, action.itemId, (i) => ({ ...i, garmentType: action.garmentType }));
    case 'rename':
      return mapItem(draft, action.itemId, (i) => ({ ...i, name: action.name.slice(0, MAX_NAME_LENGTH) }));
    case 'choose': {
      const choices = wizardReducer(draft.choices, action.action);
      return choices === draft.choices ? draft : { ...draft, choices };
    }
    case 'setProjectType': {
      if (draft.choices.flow === action.flow) return draft;
      const { modelId, customModel, sellerModelId, gender, poseId } = draft.choices;
      return {
        ...draft,
        choices: {
          ...emptyDraft(action.flow, gender),
          modelId,
          customModel,
          sellerModelId,
          poseId,
          step: 'models',
        },
      };
    }
    case 'setRequest':
      return { ...draft, request: action.request };
  }
}
