import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy.ts';

describe('password policy', () => {
  it.each([
    { name: 'a password of 9 characters is too short', password: 'Gr8-tree9', problem: /at least 10 characters/ },
    { name: 'a password of 129 characters is too long', password: 'x7'.repeat(64) + 'q', problem: /at most 128 characters/ },
    { name: "'password123' is refused as common", password: 'password123', problem: /too common/ },
    { name: "'qwerty12345' is refused as common", password: 'qwerty12345', problem: /too common/ },
    { name: "'1234567890' is refused as common", password: '1234567890', problem: /too common/ },
    { name: 'a common word padded with digits and symbols is refused', password: 'Monkey2026!!', problem: /too common/ },
    { name: 'capitals do not hide a common password', password: 'PASSWORD1234', problem: /too common/ },
    { name: 'only digits and symbols are refused', password: '2026-11-22!!', problem: /too common/ },
    { name: 'one repeated character is refused', password: 'zzzzzzzzzzzz', problem: /repeated characters or keyboard/ },
    { name: 'a keyboard row is refused', password: 'Wertyuiopqw', problem: /repeated characters or keyboard/ },
    { name: 'the email local part inside the password is refused', password: 'ana.lopez-Tide42', problem: /email address/ },
  ])('$name', ({ password, problem }) => {
    expect(passwordProblem(password, 'ana.lopez@example.com')).toMatch(problem);
  });

  it.each(['Demo-member-2026!', 'correct horse battery staple', 'Tide-Lantern-42', 'x'.repeat(8) + 'Q7!bn'.repeat(24)])('accepts %s', (password) => {
    expect(passwordProblem(password, 'ana.lopez@example.com')).toBeNull();
  });
});
