// What other features reuse of a project's downloads, behind a door of its own: the shell and
// its first screens use the light ./index.ts, and these bring the image conversion and the ZIP
// writer (client-zip) with them.

/** for a batch's ZIP: each project's images as entries of one archive (src/lib/zip.ts) */
export { zipEntries } from './hooks/use-download.ts';
/** for the Image Enhancer's download: the same formats and conversion as a project's download */
export { convertImage } from './download.ts';
export { DOWNLOAD_FORMATS, type DownloadFormat } from './download-name.ts';
