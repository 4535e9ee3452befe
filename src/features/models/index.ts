// Saved models (the Custom Model Creator): the seller's own models for the model steps (only
// the usable ones: kept and ready), their pictures through short-lived signed URLs.
export {
  type SellerModel,
  sellerModelKeys,
  sellerModelsQueryOptions,
  modelPicturesQueryOptions,
  usableSellerModels,
} from './api.ts';
/** A saved model's gender in words (Woman, Man). */
export { genderWords } from './words.ts';
