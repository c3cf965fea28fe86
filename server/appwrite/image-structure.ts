// Whether a whole file is one well-formed image of the type its first bytes claim, from its first byte to its
// last: nothing appended after the image ends, no segment running past the end, every PNG chunk's CRC right.
// Uploads are checked whole (every chunk of a chunked upload counts), so an image header in front of other
// content is refused. JPEG's entropy-coded data may hold any bytes but 0xFF, so no format check can rule out text
// inside it; that is why files are also served as their sniffed type with nosniff and `script-src 'none'`.
import { crc32 } from 'node:zlib';

/** null when the file is well formed (or of a type without a structure check), else why not. */
export function imageStructureProblem(mime: string, b: Uint8Array): string | null {
  if (mime === 'image/jpeg') return jpegProblem(b);
  if (mime === 'image/png') return pngProblem(b);
  if (mime === 'image/webp') return webpProblem(b);
  return null;
}

function jpegProblem(b: Uint8Array): string | null {
  const n = b.length;
  let i = 2; // after SOI
  while (i < n) {
    if (b[i] !== 0xff) return 'the JPEG data is broken';
    while (b[i + 1] === 0xff) i++; // fill bytes
    const marker = b[i + 1];
    if (marker === undefined) return 'the JPEG ends inside a marker';
    if (marker === 0xd9) return i + 2 === n ? null : 'there is data after the end of the JPEG image';
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (i + 4 > n) return 'the JPEG ends inside a segment';
    const segEnd = i + 2 + ((b[i + 2]! << 8) | b[i + 3]!);
    if (segEnd > n || segEnd < i + 4) return 'a JPEG segment runs past the end of the file';
    i = segEnd;
    if (marker === 0xda) {
      // Entropy-coded data: 0xFF only as a stuffed FF00, a restart marker, fill, or the next marker.
      while (i < n) {
        i = b.indexOf(0xff, i); // the scan for the next 0xFF runs natively: this is most of a photo's bytes
        if (i < 0) return 'the JPEG has no end marker';
        const next = b[i + 1];
        if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) i += 2;
        else if (next === 0xff) i++;
        else break;
      }
    }
  }
  return 'the JPEG has no end marker';
}

const PNG_SIGNATURE_LENGTH = 8;

function pngProblem(b: Uint8Array): string | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let i = PNG_SIGNATURE_LENGTH;
  while (i + 12 <= b.length) {
    const length = view.getUint32(i);
    const end = i + 12 + length;
    if (end > b.length) return 'a PNG chunk runs past the end of the file';
    const typeAndData = b.subarray(i + 4, i + 8 + length);
    if (crc32(typeAndData) !== view.getUint32(i + 8 + length)) return 'a PNG chunk is damaged (its checksum is wrong)';
    const type = String.fromCharCode(...b.subarray(i + 4, i + 8));
    i = end;
    if (type === 'IEND') return i === b.length ? null : 'there is data after the end of the PNG image';
  }
  return 'the PNG has no end chunk';
}

function webpProblem(b: Uint8Array): string | null {
  if (b.length < 12) return 'the WebP is cut short';
  const declared = new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(4, true) + 8;
  return declared === b.length ? null : 'the WebP file size does not match its header';
}
