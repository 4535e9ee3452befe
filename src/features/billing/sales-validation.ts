// The sales form's rules (spec 2 §5): full name, company and e-mail required, e-mail of a
// simple address pattern, phone optional, at least 500 credits. The server checks the same.
import type { SalesRequest } from './api.ts';
import { CONTACT_SALES_AT } from './credit-slider.ts';

export type SalesErrors = Partial<{
  fullName: 'fullNameRequired';
  companyName: 'companyNameRequired';
  email: 'emailRequired' | 'emailInvalid';
  creditAmount: 'creditAmountTooLow';
}>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateSalesRequest(input: SalesRequest): SalesErrors {
  const errors: SalesErrors = {};
  if (!input.fullName.trim()) errors.fullName = 'fullNameRequired';
  if (!input.companyName.trim()) errors.companyName = 'companyNameRequired';
  if (!input.email.trim()) errors.email = 'emailRequired';
  else if (!EMAIL.test(input.email.trim())) errors.email = 'emailInvalid';
  if (!Number.isFinite(input.creditAmount) || input.creditAmount < CONTACT_SALES_AT)
    errors.creditAmount = 'creditAmountTooLow';
  return errors;
}
