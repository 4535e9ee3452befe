// Video from a finished project: what other features may use without loading the screens.
export {
  videoKeys,
  eligibleProjectsQueryOptions,
  videoProjectQueryOptions,
  videoStylesQueryOptions,
} from './api.ts';
export { isEligible, firstResult } from './eligible.ts';
