// The client-side rules of spec 1 §5, in the order the spec gives. Each returns the first
// failing rule's code, or null; messages.ts turns codes into the spec's words.
export const MIN_PASSWORD_LENGTH = 6;

export type SignUpRule =
  | 'passwordsMismatch'
  | 'passwordTooShort'
  | 'fullNameRequired'
  | 'phoneRequired'
  | 'emailRequired';

export interface SignUpInput {
  fullName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

export function validateSignUp(input: SignUpInput): SignUpRule | null {
  if (input.password !== input.confirmPassword) return 'passwordsMismatch';
  if (input.password.length < MIN_PASSWORD_LENGTH) return 'passwordTooShort';
  if (!input.fullName.trim()) return 'fullNameRequired';
  if (!input.phone.trim()) return 'phoneRequired';
  // The auth service needs an e-mail (or phone) with the password.
  if (!input.email.trim()) return 'emailRequired';
  return null;
}

export type NewPasswordRule = 'passwordTooShort' | 'passwordsMismatch';

/** Reset password and settings' change password: length first, then the confirmation. */
export function validateNewPassword(password: string, confirmation: string): NewPasswordRule | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'passwordTooShort';
  if (password !== confirmation) return 'passwordsMismatch';
  return null;
}

/** The login button stays disabled while a field is empty or a request is pending. */
export function canSubmitLogin(email: string, password: string, pending: boolean): boolean {
  return email.trim() !== '' && password !== '' && !pending;
}

/** A sign-up error that means the e-mail is taken (spec: 'User already registered' / 'already exists'). */
export function isAlreadyRegisteredError(message: string | undefined | null): boolean {
  return !!message && (message.includes('User already registered') || message.includes('already exists'));
}

/** Reads the `exists` answer of check_email_exists / check_phone_exists in the shapes PostgREST may return. */
export function readExists(data: unknown): boolean {
  if (typeof data === 'boolean') return data;
  if (Array.isArray(data)) return data.length > 0 && readExists(data[0]);
  if (data && typeof data === 'object' && 'exists' in data)
    return (data as { exists: unknown }).exists === true;
  return false;
}
