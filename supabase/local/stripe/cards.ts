// Stripe's test cards, as its hosted checkout treats them in test mode: what a card number,
// expiry and CVC lead to. Only test cards are accepted (test mode refuses real cards).

export type CardOutcome =
  | { kind: 'success'; brand: string; last4: string; expMonth: number; expYear: number }
  | { kind: 'authenticate'; brand: string; last4: string; expMonth: number; expYear: number }
  | { kind: 'error'; field: 'number' | 'expiry' | 'cvc'; code: string; message: MessageKey }
  | { kind: 'decline'; code: string; declineCode: string; message: MessageKey };

/** Messages as Stripe words them; pages.ts has them in English and Greek. */
export type MessageKey =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'processing_error'
  | 'live_card'
  | 'authentication_failed'
  | 'invalid_number'
  | 'incomplete_number'
  | 'incomplete_expiry'
  | 'invalid_expiry_year_past'
  | 'invalid_expiry_month'
  | 'incomplete_cvc';

const SUCCEEDS: Record<string, string> = {
  '4242424242424242': 'visa',
  '4000056655665556': 'visa',
  '4012888888881881': 'visa',
  '5555555555554444': 'mastercard',
  '2223003122003222': 'mastercard',
  '5200828282828210': 'mastercard',
  '378282246310005': 'amex',
  '6011111111111117': 'discover',
};

/** Cards that ask for 3D Secure authentication on every payment. */
const AUTHENTICATE: Record<string, string> = {
  '4000002500003155': 'visa',
  '4000002760003184': 'visa',
  '4000000000003220': 'visa',
};

const DECLINES: Record<string, { code: string; declineCode: string; message: MessageKey }> = {
  '4000000000000002': { code: 'card_declined', declineCode: 'generic_decline', message: 'card_declined' },
  '4000000000009995': {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'insufficient_funds',
  },
  '4000000000009987': { code: 'card_declined', declineCode: 'lost_card', message: 'card_declined' },
  '4000000000009979': { code: 'card_declined', declineCode: 'stolen_card', message: 'card_declined' },
  '4000000000000069': { code: 'expired_card', declineCode: 'expired_card', message: 'expired_card' },
  '4000000000000127': { code: 'incorrect_cvc', declineCode: 'incorrect_cvc', message: 'incorrect_cvc' },
  '4000000000000119': {
    code: 'processing_error',
    declineCode: 'processing_error',
    message: 'processing_error',
  },
};

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** "12 / 34", "12/2034", "1234" → {month, year}; null when it cannot be read. */
export function parseExpiry(raw: string): { month: number; year: number } | null {
  const digits = raw.replace(/[^0-9/]/g, '');
  const m = /^(\d{1,2})\/?(\d{2}|\d{4})$/.exec(
    digits.includes('/') ? digits : digits.replace(/^(\d{2})(\d+)$/, '$1/$2'),
  );
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return { month, year };
}

/** What paying with this card does, checked in Stripe's order: number, expiry, CVC, then the issuer's answer. */
export function cardOutcome(
  input: { number: string; expiry: string; cvc: string },
  now = new Date(),
): CardOutcome {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || number.length < 13) {
    return { kind: 'error', field: 'number', code: 'incomplete_number', message: 'incomplete_number' };
  }
  if (!luhn(number))
    return { kind: 'error', field: 'number', code: 'invalid_number', message: 'invalid_number' };

  const expiry = parseExpiry(input.expiry);
  if (!expiry)
    return { kind: 'error', field: 'expiry', code: 'incomplete_expiry', message: 'incomplete_expiry' };
  if (expiry.month < 1 || expiry.month > 12)
    return { kind: 'error', field: 'expiry', code: 'invalid_expiry_month', message: 'invalid_expiry_month' };
  const endOfMonth = Date.UTC(expiry.year, expiry.month, 1);
  if (endOfMonth <= now.getTime()) {
    return {
      kind: 'error',
      field: 'expiry',
      code: 'invalid_expiry_year_past',
      message: 'invalid_expiry_year_past',
    };
  }
  const cvcLength = number.startsWith('34') || number.startsWith('37') ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) {
    return { kind: 'error', field: 'cvc', code: 'incomplete_cvc', message: 'incomplete_cvc' };
  }

  const card = { last4: number.slice(-4), expMonth: expiry.month, expYear: expiry.year };
  if (SUCCEEDS[number]) return { kind: 'success', brand: SUCCEEDS[number], ...card };
  if (AUTHENTICATE[number]) return { kind: 'authenticate', brand: AUTHENTICATE[number], ...card };
  const decline = DECLINES[number];
  if (decline) return { kind: 'decline', ...decline };
  return { kind: 'decline', code: 'card_declined', declineCode: 'live_mode_test_card', message: 'live_card' };
}
