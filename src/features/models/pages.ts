// The saved models' screens, for the routes.
export { ModelCreatorPage } from './components/model-creator-page.tsx';
