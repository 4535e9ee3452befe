// Where a share arrives and where the app picks it up: shared by the manifest, the service
// worker and the /create screen.
export const SHARE_TARGET_PATH = '/share-target';
/** the form field the manifest names for the shared files */
export const SHARE_FIELD = 'photos';

/** /create with the share to pick up and how many photos came with it. */
export function sharedPhotosUrl(shareId: string, count: number): string {
  return `/create?shared=${encodeURIComponent(shareId)}&photos=${count}`;
}
