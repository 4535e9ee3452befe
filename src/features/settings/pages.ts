export { SettingsPage } from './components/settings-page.tsx';
