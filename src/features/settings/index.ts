export { SettingsPage } from './components/settings-page.tsx';
export { SETTINGS_TABS, type SettingsTab } from './api.ts';
