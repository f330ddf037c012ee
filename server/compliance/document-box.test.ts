import { describe, expect, it } from 'vitest';
import { secretBoxFor } from '../webhooks/secret-box.ts';
import { BOX_OVERHEAD_BYTES, documentBoxFor } from './document-box.ts';

const env = { APP_SECRET: 'a'.repeat(40), MODE: 'test' as const };
const owner = { userId: 7n, documentId: 41n };
const photo = new TextEncoder().encode('\xff\xd8 a photo of a passport page');

describe('a sealed document opens only for its member and its row', () => {
  const box = documentBoxFor(env);

  it('opens to the same bytes, and the box shows none of them', () => {
    const sealed = box.seal(owner, photo);
    expect(sealed.length).toBe(photo.length + BOX_OVERHEAD_BYTES);
    expect(Buffer.from(sealed).includes(Buffer.from('passport'))).toBe(false);
    expect(box.open(owner, sealed)).toEqual(photo);
  });

  it('seals the same photo differently each time (a fresh IV)', () => {
    expect(box.seal(owner, photo)).not.toEqual(box.seal(owner, photo));
  });

  it.each([
    ['another member', { userId: 8n, documentId: 41n }],
    ['another row of the same member', { userId: 7n, documentId: 42n }],
  ])('does not open when moved to %s', (_name, other) => {
    expect(() => box.open(other, box.seal(owner, photo))).toThrow();
  });

  it.each([
    ['the version byte', 0],
    ['the IV', 5],
    ['the tag', 20],
    ['the ciphertext', BOX_OVERHEAD_BYTES + 3],
  ])('does not open with one bit of %s flipped', (_name, at) => {
    const sealed = box.seal(owner, photo);
    sealed[at] = sealed[at]! ^ 0x01;
    expect(() => box.open(owner, sealed)).toThrow();
  });

  it('does not open under another APP_SECRET', () => {
    const other = documentBoxFor({ APP_SECRET: 'b'.repeat(40), MODE: 'test' });
    expect(() => other.open(owner, box.seal(owner, photo))).toThrow();
  });

  it("uses a key of its own, not the webhook secrets' one", () => {
    // Same APP_SECRET, same cipher: a webhook box's key must not open a document box.
    const webhookSealed = secretBoxFor(env).seal(7n, 'whsec_x');
    expect(webhookSealed.startsWith('v1.')).toBe(true);
    const [, iv, tag, ciphertext] = webhookSealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const asDocumentBox = new Uint8Array(Buffer.concat([Buffer.of(1), iv!, tag!, ciphertext!]));
    expect(() => box.open({ userId: 7n, documentId: 7n }, asDocumentBox)).toThrow();
  });

  it('refuses to start in live mode without APP_SECRET', () => {
    expect(() => documentBoxFor({ APP_SECRET: undefined, MODE: 'live' })).toThrow(/APP_SECRET/);
  });
});
