import { createFileRoute } from '@tanstack/react-router';
import { SignUpPage } from '../../features/auth/pages.ts';

export const Route = createFileRoute('/_public/signup')({ component: SignUpPage });
