import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION } from '../../functions/_shared/billing/stripe-client.ts';
import { API_VERSION } from './billing.ts';
import { cardOutcome, luhn } from './cards.ts';
import { decodeForm, encodeForm } from './form.ts';
import { addMonths } from './store.ts';
import { signatureHeader } from './webhooks.ts';

describe('form encoding', () => {
  it('reads the SDK’s bracketed keys into objects and arrays', () => {
    const form = decodeForm(
      'mode=payment&line_items[0][price_data][unit_amount]=100&line_items[0][quantity]=1&metadata[plan]=pro&expand[]=a&expand[]=b&__proto__[x]=1',
    );
    expect(form).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { unit_amount: '100' }, quantity: '1' }],
      metadata: { plan: 'pro' },
      expand: ['a', 'b'],
    });
    expect(decodeForm(encodeForm({ items: [{ id: 'si_1', price: 'p' }], flag: true }))).toEqual({
      items: [{ id: 'si_1', price: 'p' }],
      flag: 'true',
    });
  });
});

describe('test cards', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  it('4242 succeeds, 0002 declines, 3155 asks for authentication; the rest of test mode as Stripe', () => {
    expect(cardOutcome({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }, now)).toMatchObject({
      kind: 'success',
      brand: 'visa',
      last4: '4242',
    });
    expect(cardOutcome({ number: '4000000000000002', expiry: '12/34', cvc: '123' }, now)).toMatchObject({
      kind: 'decline',
      code: 'card_declined',
      declineCode: 'generic_decline',
    });
    expect(cardOutcome({ number: '4000 0025 0000 3155', expiry: '1234', cvc: '123' }, now)).toMatchObject({
      kind: 'authenticate',
    });
    expect(cardOutcome({ number: '4000000000009995', expiry: '12/34', cvc: '123' }, now)).toMatchObject({
      kind: 'decline',
      declineCode: 'insufficient_funds',
    });
    expect(cardOutcome({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, now)).toMatchObject({
      kind: 'error',
      message: 'invalid_expiry_year_past',
    });
    expect(cardOutcome({ number: '4242424242424242', expiry: '11/26', cvc: '123' }, now)).toMatchObject({
      kind: 'success',
    });
    expect(cardOutcome({ number: '4111111111111111', expiry: '12/34', cvc: '123' }, now)).toMatchObject({
      kind: 'decline',
      message: 'live_card',
    });
    expect(luhn('4242424242424241')).toBe(false);
  });
});

describe('periods and signatures', () => {
  it('adds calendar months with the day clamped to the month', () => {
    const jan31 = Date.UTC(2027, 0, 31, 9) / 1000;
    expect(new Date(addMonths(jan31, 1) * 1000).toISOString()).toBe('2027-02-28T09:00:00.000Z');
    expect(new Date(addMonths(jan31, 2) * 1000).toISOString()).toBe('2027-03-31T09:00:00.000Z');
  });

  it('signs t.payload with HMAC-SHA256 of the whole whsec_ secret, as Stripe does', () => {
    const header = signatureHeader('{"a":1}', 'whsec_abc', 1700000000);
    expect(header).toBe(
      `t=1700000000,v1=${createHmac('sha256', 'whsec_abc').update('1700000000.{"a":1}').digest('hex')}`,
    );
  });
});

describe('API version', () => {
  it('is the one Drape’s functions set as apiVersion', () => {
    expect(API_VERSION).toBe(STRIPE_API_VERSION);
  });
});

describe('parameters Stripe refuses', () => {
  it('names an unknown parameter at any depth, and a value outside an enum', async () => {
    const { allowOnly, oneOf } = await import('./api/params.ts');
    const spec: Record<string, import('./api/params.ts').ParamSpec> = {
      mode: true,
      line_items: [{ price: true, quantity: true }],
      metadata: 'hash',
    };
    expect(() =>
      allowOnly(decodeForm('mode=payment&metadata[anything]=x&line_items[0][price]=p'), spec),
    ).not.toThrow();
    expect(() => allowOnly(decodeForm('mdoe=payment'), spec)).toThrow('Received unknown parameter: mdoe');
    expect(() => allowOnly(decodeForm('line_items[0][pricee]=p'), spec)).toThrow(
      'Received unknown parameter: line_items[0][pricee]',
    );
    expect(() => oneOf('gr', ['auto', 'el', 'en'], 'locale')).toThrow(
      'Invalid locale: must be one of auto, el, or en',
    );
    expect(oneOf(undefined, ['a'], 'x')).toBeUndefined();
  });
});
