import { describe, expect, it } from 'vitest';
import { decodeBase32Secret, hotp, otpauthUri, secretFromBytes, totp, totpStep, verifyTotp, type TotpAlgorithm } from './totp.ts';

const ascii = (text: string) => new TextEncoder().encode(text);
// RFC 6238 Appendix B seeds: the ASCII digits, 20, 32 and 64 bytes long for SHA-1, SHA-256, SHA-512.
const SEEDS: Record<TotpAlgorithm, Uint8Array> = {
  SHA1: ascii('12345678901234567890'),
  SHA256: ascii('12345678901234567890123456789012'),
  SHA512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
};

describe('RFC 4226 Appendix D: HOTP test values', () => {
  const values = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(values.map((value, counter) => [counter, value] as const))('counter %i gives %s', (counter, value) => {
    expect(hotp(SEEDS.SHA1, counter)).toBe(value);
  });
});

describe('RFC 6238 Appendix B: TOTP test vectors (8 digits)', () => {
  const vectors: [timeS: number, step: string, SHA1: string, SHA256: string, SHA512: string][] = [
    [59, '0000000000000001', '94287082', '46119246', '90693936'],
    [1111111109, '00000000023523EC', '07081804', '68084774', '25091201'],
    [1111111111, '00000000023523ED', '14050471', '67062674', '99943326'],
    [1234567890, '000000000273EF07', '89005924', '91819424', '93441116'],
    [2000000000, '0000000003F940AA', '69279037', '90698825', '38618901'],
    [20000000000, '0000000027BC86AA', '65353130', '77737706', '47863826'],
  ];
  it.each(vectors)('at %i s (T = %s): SHA1 %s, SHA256 %s, SHA512 %s', (timeS, step, sha1, sha256, sha512) => {
    expect(totpStep(timeS * 1000)).toBe(Number.parseInt(step, 16));
    expect(totp(SEEDS.SHA1, timeS * 1000, { digits: 8 })).toBe(sha1);
    expect(totp(SEEDS.SHA256, timeS * 1000, { digits: 8, algorithm: 'SHA256' })).toBe(sha256);
    expect(totp(SEEDS.SHA512, timeS * 1000, { digits: 8, algorithm: 'SHA512' })).toBe(sha512);
  });

  it('the console uses 6 digits: the last six of the 8-digit value', () => {
    expect(totp(SEEDS.SHA1, 59_000)).toBe('287082');
  });
});

describe('RFC 4648 §10: base32 test vectors', () => {
  it.each([
    ['f', 'MY======'],
    ['fo', 'MZXQ===='],
    ['foo', 'MZXW6==='],
    ['foob', 'MZXW6YQ='],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI======'],
  ])('"%s" is %s', (text, encoded) => {
    expect(decodeBase32Secret(encoded)).toEqual(ascii(text));
  });

  it.each([
    ['lower case, spaces and no padding, as people copy it', 'mzxw 6ytb oi', 'foobar'],
    ['the RFC 6238 SHA-1 seed in base32', 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', '12345678901234567890'],
  ])('reads %s', (_name, encoded, text) => {
    expect(decodeBase32Secret(encoded)).toEqual(ascii(text));
  });

  it.each([
    ['empty', ''],
    ['a digit outside the alphabet (1)', 'MZXW1YTB'],
    ['a digit outside the alphabet (8)', 'MZXW8YTB'],
    ['a length no bytes encode to', 'MZX'],
  ])('refuses %s', (_name, encoded) => {
    expect(decodeBase32Secret(encoded)).toBeNull();
  });

  it('makes a secret from 20 random bytes that reads back as them, and refuses fewer', () => {
    const bytes = Uint8Array.from({ length: 20 }, (_, i) => i * 13);
    const secret = secretFromBytes(bytes);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(decodeBase32Secret(secret)).toEqual(bytes);
    expect(() => secretFromBytes(bytes.slice(0, 10))).toThrow(RangeError);
  });
});

describe('verifying an operator code', () => {
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // the RFC seed
  const key = ascii('12345678901234567890');
  const now = 1_111_111_111_000; // step 37037037
  const step = totpStep(now);
  const codeAt = (s: number) => hotp(key, s);

  const table: [string, string, number | null, ReturnType<typeof verifyTotp>][] = [
    ['the current code', codeAt(step), null, { ok: true, step }],
    ['the code of the step before (clock drift)', codeAt(step - 1), null, { ok: true, step: step - 1 }],
    ['the code of the step after', codeAt(step + 1), null, { ok: true, step: step + 1 }],
    ['a code two steps old', codeAt(step - 2), null, { ok: false, code: 'totp_invalid' }],
    ['a code two steps ahead', codeAt(step + 2), null, { ok: false, code: 'totp_invalid' }],
    ['the current code again in the same step', codeAt(step), step, { ok: false, code: 'totp_reused' }],
    ['an older code after a newer one was accepted', codeAt(step - 1), step, { ok: false, code: 'totp_reused' }],
    ['the next step\'s code after the current was accepted', codeAt(step + 1), step, { ok: true, step: step + 1 }],
    ['the current code after the previous step\'s was accepted', codeAt(step), step - 1, { ok: true, step }],
    ['a code with a space, as apps show it', `${codeAt(step).slice(0, 3)} ${codeAt(step).slice(3)}`, null, { ok: true, step }],
    ['five digits', codeAt(step).slice(1), null, { ok: false, code: 'totp_invalid' }],
    ['letters', 'abcdef', null, { ok: false, code: 'totp_invalid' }],
    ['a wrong code', codeAt(step) === '000000' ? '111111' : '000000', null, { ok: false, code: 'totp_invalid' }],
  ];
  it.each(table)('%s', (_name, code, lastAcceptedStep, result) => {
    expect(verifyTotp({ secret, code, nowMs: now, lastAcceptedStep })).toEqual(result);
  });

  it('a stored secret that is not base32 is a bug, not a wrong code', () => {
    expect(() => verifyTotp({ secret: 'not base32!', code: '123456', nowMs: now, lastAcceptedStep: null })).toThrow(RangeError);
  });
});

describe('the otpauth URI for the QR code', () => {
  it('names the issuer, the account and the parameters authenticator apps read', () => {
    expect(otpauthUri({ issuer: 'Acme Pay', account: 'ana@acme.test', secret: 'GEZDGNBV' })).toBe(
      'otpauth://totp/Acme%20Pay:ana%40acme.test?secret=GEZDGNBV&issuer=Acme+Pay&algorithm=SHA1&digits=6&period=30',
    );
  });
});
