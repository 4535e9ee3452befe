// Saved models (the Custom Model Creator): the seller's own models for the model steps.
export {
  type SellerModel,
  sellerModelKeys,
  sellerModelsQueryOptions,
  modelPicturesQueryOptions,
} from './api.ts';
