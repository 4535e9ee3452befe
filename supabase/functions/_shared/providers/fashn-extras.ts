// Inputs FASHN documents (https://docs.fashn.ai/api-reference/model-create) that the official
// SDK, fashn@0.11.1, does not name yet. They are typed here, and only here: the SDK sends
// `inputs` as JSON unchanged, so widening its type is the one cast this needs.
import type Fashn from 'npm:fashn@0.11.1';

type SdkModelCreateInputs = Fashn.PredictionRunParams.ModelCreateRequest.Inputs;

export interface ModelCreateExtras {
  /** a portrait that locks one identity across generations (FASHN: 1k only, 4 credits an image) */
  face_reference?: string;
  /** match_base: the prompt's pose, the reference's face (what another view of a person needs) */
  face_reference_mode?: 'match_base' | 'match_reference';
  /** face_reference is only available at '1k' */
  resolution?: '1k';
}

export type ModelCreateInputs = SdkModelCreateInputs & ModelCreateExtras;

export function modelCreateRequest(inputs: ModelCreateInputs): Fashn.PredictionRunParams.ModelCreateRequest {
  return { model_name: 'model-create', inputs: inputs as SdkModelCreateInputs };
}
