export { useProfile, useUpdateName, useUpdatePhone, useDisplayName } from './hooks/use-profile.ts';
export { profileKeys, profileQueryOptions, changePassword } from './api.ts';
export { useRememberLanguage } from './hooks/use-remember-language.ts';
