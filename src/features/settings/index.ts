export { SETTINGS_TABS, type SettingsTab } from './api.ts';
