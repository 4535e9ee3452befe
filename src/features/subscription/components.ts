export { CreditsDropdown } from './components/credits-dropdown.tsx';
export { LowCreditsModal } from './components/low-credits-modal.tsx';
