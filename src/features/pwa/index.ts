export { registerServiceWorker } from './sw-registration.ts';
export { UpdatePrompt } from './update-prompt.tsx';
