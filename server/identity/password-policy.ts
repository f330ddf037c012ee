// The password policy: 10 to 128 characters, not a common password, not built on the
// email's local part. Length comes from core/contract/users.ts (the forms check it too); the rest
// needs data the browser does not ship. Each refusal says what to change, as a field error on
// `password` (400 validation_failed), so the form shows it under the field.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { PasswordSchema } from '#core/contract/users.ts';
import { apiError } from '../http/api-error.ts';

function wordList(file: string): Set<string> {
  const text = readFileSync(join(import.meta.dirname, file), 'utf8');
  return new Set(text.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#')));
}

const COMMON = wordList('common-passwords.txt');
const BASES = wordList('common-password-bases.txt');
const SEQUENCES = ['0123456789', '9876543210', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

const TOO_COMMON = 'This password is too common and easy to guess. Use a longer phrase of unrelated words, or add more unusual characters.';

/** null when the password is acceptable, else the message telling the user what to change. */
export function passwordProblem(password: string, email: string): string | null {
  const length = v.safeParse(PasswordSchema, password);
  if (!length.success) return length.issues[0]?.message ?? 'Choose a different password.';

  const lower = password.normalize('NFKC').toLowerCase();
  if (COMMON.has(lower)) return TOO_COMMON;
  // A common word padded with digits and symbols ("Password2026!") is guessed as fast as the word.
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (core === '' || BASES.has(core) || COMMON.has(core)) return TOO_COMMON;
  if (new Set(lower).size <= 2 || isSequence(lower)) return 'Do not use repeated characters or keyboard and number sequences. Choose something less predictable.';

  const local = (email.split('@')[0] ?? '').toLowerCase();
  if (local.length >= 3 && lower.includes(local)) return 'Do not use your email address in the password. Choose something else.';
  return null;
}

/** Throws 400 validation_failed with the message on field `field` when the password is refused. */
export function assertPasswordAllowed(password: string, email: string, field = 'password'): void {
  const problem = passwordProblem(password, email);
  if (problem !== null) throw apiError('validation_failed', undefined, { [field]: [problem] });
}

/** The whole password is a run along one keyboard row, the alphabet or the digits (either direction), possibly repeated. */
function isSequence(lower: string): boolean {
  const alnum = lower.replace(/[^a-z0-9]/g, '');
  if (alnum.length < lower.length - 2 || alnum.length < 6) return false;
  return SEQUENCES.some((sequence) => {
    const doubled = sequence + sequence;
    return doubled.includes(alnum) || doubled.includes([...alnum].reverse().join(''));
  });
}
