// Projects, project detail, downloads and fix requests. Pages are in ./pages.ts; what other
// features reuse of the downloads (formats, conversion, a ZIP's entries) is in ./downloads.ts.
export {
  archivedProjectsQueryOptions,
  batchProjectsQueryOptions,
  fixPageQueryOptions,
  projectKeys,
  projectQueryOptions,
  projectsFirstScreenQueryOptions,
  projectsQueryOptions,
} from './api.ts';
export type { Project, ProjectImage, ProjectStatus } from './project-types.ts';
export { useCleanAllowed } from './hooks/use-clean-allowed.ts';
export { resultSource } from './image-sources.ts';
export { TYPE_LABELS } from './labels.ts';
export { useProjectImagesLive, useProjectRowsLive } from './hooks/use-projects.ts';
export { useReadOnProjectChanges } from './hooks/use-read-on-project-changes.ts';
export { completedImages } from './project-types.ts';
export type { FrameSize } from './frame/sizes.ts';
export { cardSize, originalSource, windowFirstScreen } from './image-sources.ts';
