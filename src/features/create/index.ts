export { CreatePage } from './components/create-page.tsx';
