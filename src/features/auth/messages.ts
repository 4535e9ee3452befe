// The spec's words for auth outcomes (spec 1 §5, §8), translated through Lingui.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { NewPasswordRule, SignUpRule } from './validation.ts';

export const signUpRuleMessages: Record<SignUpRule, MessageDescriptor> = {
  passwordsMismatch: msg`Passwords do not match`,
  passwordTooShort: msg`Password must be at least 6 characters long`,
  fullNameRequired: msg`Full name is required`,
  phoneRequired: msg`Phone number is required`,
  emailRequired: msg`You must provide either an email or phone number and a password`,
};

/** Reset password says "…6 characters" (no "long"), as the spec words it. */
export const resetRuleMessages: Record<NewPasswordRule, MessageDescriptor> = {
  passwordTooShort: msg`Password must be at least 6 characters`,
  passwordsMismatch: msg`Passwords do not match`,
};

/** Settings' change password. */
export const changePasswordRuleMessages: Record<NewPasswordRule, MessageDescriptor> = {
  passwordTooShort: msg`Password must be at least 6 characters long`,
  passwordsMismatch: msg`Passwords do not match`,
};

export const authMessages = {
  emailExists: msg`An account with this email already exists. Please sign in or use a different email.`,
  phoneExists: msg`An account with this phone number already exists. Please use a different phone number.`,
  createUserFailed: msg`Failed to create user account`,
  signUpSuccess: msg`Account created successfully! Please check your email to verify your account before logging in.`,
  invalidCredentials: msg`Invalid email or password. Please try again.`,
  loginFailed: msg`An error occurred during login`,
  emailNotConfirmed: msg`Please confirm your email address first. We sent you a link when you signed up.`,
  resetLinkFailed: msg`There was an error sending the reset link. Please try again.`,
  invalidLink: msg`Invalid link. Please request a new password reset link.`,
  noAccessToken: msg`No access token found. Please request a new password reset link.`,
  resetFailed: msg`There was an error resetting your password. Please request a new reset link.`,
  passwordResetDone: msg`Your password has been reset. Sign in with your new password.`,
};

export type FlashMessage = 'signUpSuccess' | 'passwordResetDone';
