// Saving a file the page has (a download, a combined photo, a cut-out) through the browser's
// downloads: an object URL and a download link.

export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // the download has the bytes by then; the URL is not needed afterwards
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
