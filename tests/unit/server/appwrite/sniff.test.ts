import { describe, expect, it } from 'vitest';
import { sniff } from '../../../../server/appwrite/sniff';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('sniff', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['WebP', text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '), 'image/webp'],
    ['GIF', text('GIF89a....'), 'image/gif'],
    ['HEIC', bytes(0, 0, 0, 0x18, ...text('ftypheic')), 'image/heic'],
    ['PDF', text('%PDF-1.7\n'), 'application/pdf'],
    ['text', text('hello, this is not a photo'), 'text/plain'],
    ['binary noise', bytes(0, 1, 2, 3, 0xfe, 0xff), 'application/octet-stream'],
  ])('recognises %s by its first bytes', (_name, head, mime) => {
    expect(sniff(head).mime).toBe(mime);
  });

  it('treats UTF-8 text cut in the middle of a character as text', () => {
    const s = text('é'.repeat(3000)).subarray(0, 4095);
    expect(sniff(s).mime).toBe('text/plain');
  });
});
