import { describe, expect, it } from 'vitest';
import { qrMatrix } from './qr-matrix.ts';

describe('the deposit address QR code', () => {
  it('encodes a bech32 address as a square matrix with the three finder patterns', () => {
    const { size, path } = qrMatrix('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
    expect(size).toBeGreaterThanOrEqual(21);
    expect((size - 17) % 4).toBe(0); // QR sizes are 17 + 4 x version
    // Top-left, top-right and bottom-left finder corners are dark; the module just inside the
    // finder's white ring is light.
    for (const [x, y] of [[0, 0], [size - 1, 0], [0, size - 1]]) expect(path).toContain(`M${x} ${y}h1v1h-1z`);
    expect(path).not.toContain('M1 1h1v1h-1z');
  });

  it('gives a longer address a code at least as large', () => {
    const short = qrMatrix('tb1qshort');
    const long = qrMatrix('0x52908400098527886E0F7030069857D2E4169EE7' + 'x'.repeat(60));
    expect(long.size).toBeGreaterThan(short.size);
  });
});
