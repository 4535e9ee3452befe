import { createFileRoute } from '@tanstack/react-router';
import { SignUpPage } from '../../features/auth/index.ts';

export const Route = createFileRoute('/_public/signup')({ component: SignUpPage });
