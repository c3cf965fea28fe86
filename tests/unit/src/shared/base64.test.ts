// A photo's base64 for the functions that take photos in JSON (src/shared/base64.ts): the browser's own encoder where it
// has one, else the chunked one, with the same result either way.
import { describe, expect, it } from 'vitest';
import { base64Of } from '@/shared/base64';

describe("a photo's base64", () => {
  const bytes = new Uint8Array(100_003).map((_, i) => (i * 7919) % 256);
  const expected = Buffer.from(bytes).toString('base64');

  it('is made in chunks where there is no encoder of the browser’s own, across chunk boundaries', async () => {
    // Node 20 has no Uint8Array.prototype.toBase64.
    expect('toBase64' in Uint8Array.prototype).toBe(false);
    expect(await base64Of(new Blob([bytes]))).toBe(expected);
    expect(await base64Of(new Blob([]))).toBe('');
  });

  it("is made by the browser's own encoder where there is one", async () => {
    const proto = Uint8Array.prototype as Uint8Array & { toBase64?: () => string };
    let used = 0;
    proto.toBase64 = function (this: Uint8Array) {
      used++;
      return Buffer.from(this).toString('base64');
    };
    try {
      expect(await base64Of(new Blob([bytes]))).toBe(expected);
      expect(used).toBe(1);
    } finally {
      delete proto.toBase64;
    }
  });
});
