// Passwords: bcrypt at GoTrue's cost, and GoTrue's strength rule (minimum length).
import bcrypt from 'bcryptjs';
import { type AuthError, unprocessable, weakPassword } from './errors.ts';

/** golang.org/x/crypto/bcrypt DefaultCost, what GoTrue hashes with. */
const COST = 10;
/** bcrypt only reads the first 72 bytes; GoTrue refuses longer passwords. */
const MAX_BYTES = 72;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Compares against a throwaway hash, so that an unknown address takes as long to refuse
 * as a wrong password and sign-in does not tell which addresses have accounts.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= bcrypt.hash('not-a-password-of-anyone', COST);
  await verifyPassword(password, await dummyHash);
}

/** The weak_password error for a password, or null when it is acceptable. */
export function passwordProblem(password: string, minLength: number): AuthError | null {
  if (Buffer.byteLength(password, 'utf8') > MAX_BYTES) {
    return unprocessable('validation_failed', `Password cannot be longer than ${MAX_BYTES} characters`);
  }
  if ([...password].length < minLength) {
    return weakPassword(`Password should be at least ${minLength} characters.`, ['length']);
  }
  return null;
}

export function checkPassword(password: string, minLength: number): void {
  const problem = passwordProblem(password, minLength);
  if (problem) throw problem;
}
