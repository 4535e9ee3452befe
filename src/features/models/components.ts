// The saved models' widgets another feature renders: the Creator (under the tools feature's
// screen header).
export { ModelCreator } from './components/model-creator.tsx';
