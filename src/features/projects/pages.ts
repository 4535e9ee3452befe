export { ProjectsPage } from './components/projects-page.tsx';
export { ProjectDetailPage } from './components/project-detail-page.tsx';
export { ArchivedPage } from './components/archived-page.tsx';
export { FixesPage } from './components/fixes-page.tsx';
