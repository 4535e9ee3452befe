import { describe, expect, it } from 'vitest';
import {
  canSubmitLogin,
  isAlreadyRegisteredError,
  readExists,
  validateNewPassword,
  validateSignUp,
  type SignUpInput,
} from '../validation.ts';

const valid: SignUpInput = {
  fullName: 'Eleni Papadopoulou',
  email: 'e@example.com',
  phone: '+30 690 000 0000',
  password: 'secret1',
  confirmPassword: 'secret1',
};
const build = (overrides: Partial<SignUpInput>): SignUpInput => ({ ...valid, ...overrides });

describe('validateSignUp (spec 1 §5 order)', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(valid)).toBeNull();
  });

  it('checks that the passwords match before anything else', () => {
    expect(validateSignUp(build({ password: '123', confirmPassword: '1234', fullName: '', phone: '' }))).toBe(
      'passwordsMismatch',
    );
  });

  it('then the minimum length of 6', () => {
    expect(validateSignUp(build({ password: '12345', confirmPassword: '12345', fullName: '' }))).toBe(
      'passwordTooShort',
    );
    expect(validateSignUp(build({ password: '123456', confirmPassword: '123456' }))).toBeNull();
  });

  it('then the full name, ignoring blanks', () => {
    expect(validateSignUp(build({ fullName: '   ', phone: '' }))).toBe('fullNameRequired');
  });

  it('then the phone number', () => {
    expect(validateSignUp(build({ phone: ' ', email: '' }))).toBe('phoneRequired');
  });

  it('and an e-mail for the auth service', () => {
    expect(validateSignUp(build({ email: ' ' }))).toBe('emailRequired');
  });
});

describe('validateNewPassword', () => {
  it('asks for 6 characters first, then a matching confirmation', () => {
    expect(validateNewPassword('abc', 'abd')).toBe('passwordTooShort');
    expect(validateNewPassword('abcdef', 'abcdeg')).toBe('passwordsMismatch');
    expect(validateNewPassword('abcdef', 'abcdef')).toBeNull();
  });
});

describe('canSubmitLogin', () => {
  it('is disabled while a field is empty or a request is pending', () => {
    expect(canSubmitLogin('', 'x', false)).toBe(false);
    expect(canSubmitLogin('a@b.c', '', false)).toBe(false);
    expect(canSubmitLogin('a@b.c', 'x', true)).toBe(false);
    expect(canSubmitLogin('a@b.c', 'x', false)).toBe(true);
  });
});

describe('isAlreadyRegisteredError', () => {
  it('recognises the server wordings the spec names', () => {
    expect(isAlreadyRegisteredError('User already registered')).toBe(true);
    expect(isAlreadyRegisteredError('A user with this email address has already exists')).toBe(true);
    expect(isAlreadyRegisteredError('Password should be at least 6 characters.')).toBe(false);
    expect(isAlreadyRegisteredError(undefined)).toBe(false);
  });
});

describe('readExists', () => {
  it('reads boolean, object and single-row answers', () => {
    expect(readExists(true)).toBe(true);
    expect(readExists({ exists: true })).toBe(true);
    expect(readExists([{ exists: true }])).toBe(true);
    expect(readExists([{ exists: false }])).toBe(false);
    expect(readExists([])).toBe(false);
    expect(readExists(null)).toBe(false);
  });
});
