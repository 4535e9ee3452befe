// The photo tips carousel for screens outside /create (the wizards' upload steps).
export { TipsDialog } from './components/tips-dialog.tsx';
export { GENERAL_TIPS } from './tips.ts';
