// Prepares PNG, JPEG and WebP photos off the main thread (see prepare-core.ts).
import { servePrepareRequests } from './prepare-core.ts';

servePrepareRequests(self as unknown as Parameters<typeof servePrepareRequests>[0], null);
