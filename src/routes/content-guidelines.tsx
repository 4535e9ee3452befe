import { createFileRoute } from '@tanstack/react-router';
import { ContentGuidelinesPage } from '../features/guidelines/index.ts';

export const Route = createFileRoute('/content-guidelines')({ component: ContentGuidelinesPage });
