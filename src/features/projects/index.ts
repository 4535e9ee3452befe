// Projects, project detail, downloads and fix requests. Pages are in ./pages.ts.
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
// for a batch's ZIP: each project's images as entries of one archive (src/lib/zip.ts)
export { zipEntries } from './hooks/use-download.ts';
export { completedImages } from './project-types.ts';
export type { FrameSize } from './frame/sizes.ts';
export { cardSize, originalSource, windowFirstScreen } from './image-sources.ts';
// for the Image Enhancer's download: the same formats and conversion as a project's download
export { convertImage } from './download.ts';
export { DOWNLOAD_FORMATS, type DownloadFormat } from './download-name.ts';
