// The auth feature's light API: guards, hooks, rules and messages. Screens: ./pages.ts.
export { requireSignedIn, redirectSignedIn, safeRedirect } from './guards.ts';
export { hasRecoveryLink } from './recovery-link.ts';
export { useAuth, useUser, useAuthStore } from './use-auth.ts';
export { createAuthStore, type AuthStore } from './auth-store.ts';
export { signOut } from './api.ts';
export { changePasswordRuleMessages } from './messages.ts';
export { validateNewPassword } from './validation.ts';
