import { createFileRoute } from '@tanstack/react-router';
import { ContentGuidelinesPage } from '../features/guidelines/index.ts';
import { loadAllMessages } from '../lib/i18n.ts';

// open to everyone; its words are in the catalogue that loads after the first screen
export const Route = createFileRoute('/content-guidelines')({
  beforeLoad: () => loadAllMessages(),
  component: ContentGuidelinesPage,
});
