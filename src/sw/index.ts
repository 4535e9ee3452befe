// What the service worker adds to the generated one (vite-plugin-pwa's precaching and caching
// rules): loaded there with importScripts, see scripts/vite/service-worker-addon.ts.
import './share-target.ts';
import './upload-sync.ts';
import './push.ts';
import './stored-images.ts';
