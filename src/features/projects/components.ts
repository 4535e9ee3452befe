// Projects' widgets that other features render (the video screens show stored results).
export { StoredImage } from './components/stored-image.tsx';
