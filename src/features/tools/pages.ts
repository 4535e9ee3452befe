// The tools' screens, for the routes.
export { ToolsHubPage } from './components/tools-hub-page.tsx';
export { PhotoCombinerPage } from './components/photo-combiner-page.tsx';
export { BackgroundRemoverPage } from './components/background-remover-page.tsx';
export { ImageEnhancerPage } from './components/image-enhancer-page.tsx';
export { ModelCreatorPage } from './components/model-creator-page.tsx';
