// Asks the browser to keep the app's storage (drafts and their photos) rather than evict it
// under storage pressure. Asked once per page, when a photo is first kept; the answer is the
// browser's (Chromium grants it to installed apps and sites used often).
let asked: Promise<boolean> | null = null;

export function askPersistentStorage(): Promise<boolean> {
  asked ??= (async () => {
    try {
      if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
      if (await navigator.storage.persisted()) return true;
      return await navigator.storage.persist();
    } catch {
      return false;
    }
  })();
  return asked;
}
