import { describe, expect, it } from 'vitest';
import { canSendFeedback, validateContact } from '../validation.ts';

describe('validateContact', () => {
  it('accepts a complete request', () => {
    expect(validateContact({ fullName: 'Maria K', email: 'maria@shop.gr', details: 'Bulk order' })).toEqual(
      {},
    );
  });
  it('requires every field and a valid e-mail', () => {
    expect(validateContact({ fullName: ' ', email: '', details: '' })).toEqual({
      fullName: 'fullNameRequired',
      email: 'emailRequired',
      details: 'detailsRequired',
    });
    expect(validateContact({ fullName: 'M', email: 'maria@shop', details: 'x' })).toEqual({
      email: 'emailInvalid',
    });
    expect(validateContact({ fullName: 'M', email: 'maria shop@x.gr', details: 'x' })).toEqual({
      email: 'emailInvalid',
    });
  });
});

describe('canSendFeedback', () => {
  it('needs text after trimming', () => {
    expect(canSendFeedback('   ')).toBe(false);
    expect(canSendFeedback(' Great app ')).toBe(true);
  });
});
