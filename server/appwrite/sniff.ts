// What a file really is, from its first bytes (never from its name).

export type Sniffed = { mime: string; extensions: string[] };

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

export function sniff(head: Uint8Array): Sniffed {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', extensions: ['png'] };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return { mime: 'image/gif', extensions: ['gif'] };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { mime: 'image/webp', extensions: ['webp'] };
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'avif' || brand === 'avis') return { mime: 'image/avif', extensions: ['avif'] };
    if (['heic', 'heix', 'hevc', 'mif1', 'msf1'].includes(brand)) return { mime: 'image/heic', extensions: ['heic', 'heif'] };
  }
  if (ascii(head, 0, 5) === '%PDF-') return { mime: 'application/pdf', extensions: ['pdf'] };
  if (head.length > 0 && !head.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.min(head.length, 4096)).slice(0, lastCompleteUtf8(head)));
      return { mime: 'text/plain', extensions: ['txt', 'csv'] };
    } catch {
      /* binary */
    }
  }
  return { mime: 'application/octet-stream', extensions: [] };
}

/** Length of the sniffed window without a UTF-8 sequence cut at its end. */
function lastCompleteUtf8(b: Uint8Array): number {
  const n = Math.min(b.length, 4096);
  for (let i = n - 1; i >= Math.max(0, n - 4); i--) {
    const byte = b[i]!;
    if ((byte & 0xc0) === 0x80) continue;
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return i + need <= n ? n : i;
  }
  return n;
}
