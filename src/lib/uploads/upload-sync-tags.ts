// Names the page and the service worker share for Background Sync of queued uploads.
export const UPLOAD_SYNC_TAG = 'drape-uploads';
/** the message the service worker posts to open pages when the sync fires */
export const UPLOAD_SYNC_MESSAGE = 'drape:uploads';
