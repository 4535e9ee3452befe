// Prepares HEIC/HEIF photos: the same pipeline with libheif for browsers that cannot read
// HEIC themselves. A worker of its own, so libheif loads only when such a photo is chosen.
import { decodeHeic } from './heic.ts';
import { servePrepareRequests } from './prepare-core.ts';

servePrepareRequests(self as unknown as Parameters<typeof servePrepareRequests>[0], decodeHeic);
