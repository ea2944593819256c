/** PWA layer: service worker registration, prompt updates, background-sync wake-up requests. */
export { UpdatePrompt } from './update-prompt.js';
export { notifyWorkerSignedOut, registerServiceWorker, requestBackgroundSync } from './register-sw.js';
