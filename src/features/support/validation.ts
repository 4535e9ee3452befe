// Contact and feedback rules (spec 1 §5).
export interface ContactInput {
  fullName: string;
  email: string;
  details: string;
}

export type ContactErrors = Partial<
  Record<keyof ContactInput, 'fullNameRequired' | 'emailRequired' | 'emailInvalid' | 'detailsRequired'>
>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContact(input: ContactInput): ContactErrors {
  const errors: ContactErrors = {};
  if (!input.fullName.trim()) errors.fullName = 'fullNameRequired';
  if (!input.email.trim()) errors.email = 'emailRequired';
  else if (!EMAIL.test(input.email.trim())) errors.email = 'emailInvalid';
  if (!input.details.trim()) errors.details = 'detailsRequired';
  return errors;
}

export const canSendFeedback = (text: string) => text.trim().length > 0;
