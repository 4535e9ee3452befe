// The auth screens, for the route files (kept apart from index.ts so that importing the
// guards or hooks does not pull the screens into other chunks).
export { LoginPage } from './components/login-page.tsx';
export { SignUpPage } from './components/signup-page.tsx';
export { ForgotPasswordPage } from './components/forgot-password-page.tsx';
export { ResetPasswordPage } from './components/reset-password-page.tsx';
