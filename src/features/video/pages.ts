// The video screens, for the routes.
export { SelectProjectPage } from './components/select-project-page.tsx';
export { CreateVideoPage } from './components/create-video-page.tsx';
