// Both catalogues are complete: every message has a Greek translation, and the spec's
// English wording is in the source catalogue word for word.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// each language has two catalogues: the first screens' and the rest (lingui.config.ts)
function entries(locale: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const catalogue of ['first.po', 'messages.po']) {
    const text = readFileSync(path.join(import.meta.dirname, '..', locale, catalogue), 'utf8');
    const re = /^msgid "(.*)"\nmsgstr "(.*)"$/gm;
    for (const m of text.matchAll(re)) if (m[1] !== '') map.set(m[1], m[2]);
  }
  return map;
}

const el = entries('el');
const en = entries('en');

describe('catalogues', () => {
  it('have the same messages', () => {
    expect([...el.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('translate every message into Greek', () => {
    const untranslated = [...el].filter(([, str]) => str.trim() === '').map(([id]) => id);
    expect(untranslated).toEqual([]);
  });

  it('keep placeholders in the translations', () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}|<\d+>/g) ?? []).sort();
    const broken = [...el]
      .filter(([id, str]) => !id.includes('plural') && placeholders(id).join() !== placeholders(str).join())
      .map(([id]) => id);
    expect(broken).toEqual([]);
  });

  it("carry the spec's messages word for word", () => {
    for (const message of [
      'Account created successfully! Please check your email to verify your account before logging in.',
      'Passwords do not match',
      'Password must be at least 6 characters long',
      'Full name is required',
      'Phone number is required',
      'An account with this email already exists. Please sign in or use a different email.',
      'An account with this phone number already exists. Please use a different phone number.',
      'Invalid email or password. Please try again.',
      'There was an error sending the reset link. Please try again.',
      'Invalid link. Please request a new password reset link.',
      'There was an error resetting your password. Please request a new reset link.',
      'Error loading dashboard data. Please try again.',
      'Failed to send feedback. Please try again.',
      'Request submitted successfully!',
      'Failed to submit request. Please try again.',
      'Failed to update name. Please try again.',
      'Failed to update phone number. Please try again.',
      'Failed to update password. Please try again.',
      'Failed to cancel subscription. Please try again.',
      'Failed to open Stripe portal. Please try again.',
      "You've used all your credits",
      'Upgrade your plan to continue creating amazing fashion content',
      'View Pricing Plans',
      'Maybe Later',
      'Please enter a valid email address',
      'Please provide request details',
      'Email is required',
      'No access token found. Please request a new password reset link.',
      'Password must be at least 6 characters',
      'You have run out of credits. Purchase more to continue.',
      'Out of Credits',
      'Free Plan',
    ]) {
      expect(en.has(message), message).toBe(true);
    }
  });
});
