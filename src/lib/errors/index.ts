// Failures in words: one map from server codes and network errors to en/el messages, and the
// mutation helper every write uses.
export { AppError } from './app-error.ts';
export {
  creditShortfall,
  describeError,
  errorWords,
  isNetworkError,
  serverCode,
  type DescribeOptions,
} from './describe-error.ts';
export { functionError } from './function-error.ts';
export {
  useAppMutation,
  ERROR_TOAST_MS,
  type AppMutationOptions,
  type MutationCallbacks,
} from './use-app-mutation.ts';
