// The wizards' background work, which the signed-in shell starts once the first screen is idle:
// a door of its own so that the shell loads it then, not with its first screen (it brings the
// catalogue's reads and the draft's schema).

/** Queued photos upload from any screen. */
export { keepUploadsGoing } from './uploads-when-waiting.ts';

/** The catalogue's lists kept on the device after the first signed-in screen. */
export { keepCatalogueOnDevice } from './catalogue-on-device.ts';
