// WOFF (1.0) to a plain TrueType/OpenType file. Font packages ship WOFF for the web; the certificate's font
// subsetter reads glyphs straight from the glyf table, which in a WOFF file is compressed as a whole (inflated again
// for every glyph read), so the certificate unpacks each WOFF face once into the sfnt it wraps.
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"

export const isWoff = (bytes: Uint8Array) =>
  bytes.length >= 44 && new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0) === WOFF_SIGNATURE;

/**
 * The sfnt inside a WOFF file (W3C WOFF 1.0): the same tables, uncompressed, behind an sfnt table directory.
 * @throws Error when the bytes are not a well-formed WOFF file.
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  if (!isWoff(woff)) throw new Error('Not a WOFF file.');
  const src = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  const flavor = src.getUint32(4);
  const numTables = src.getUint16(12);
  if (numTables === 0 || 44 + numTables * 20 > woff.length) throw new Error('The WOFF table directory is cut short.');

  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const tag = src.getUint32(at);
    const offset = src.getUint32(at + 4);
    const compLength = src.getUint32(at + 8);
    const origLength = src.getUint32(at + 12);
    const checksum = src.getUint32(at + 16);
    if (offset + compLength > woff.length || compLength > origLength) throw new Error('A WOFF table lies outside the file.');
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? new Uint8Array(inflateSync(stored)) : stored;
    if (data.length !== origLength) throw new Error('A WOFF table did not unpack to its stated length.');
    tables.push({ tag, checksum, data });
  }
  tables.sort((a, b) => a.tag - b.tag); // sfnt table records are in ascending tag order

  const pad = (n: number) => (n + 3) & ~3;
  const headerLength = 12 + numTables * 16;
  const total = tables.reduce((sum, t) => sum + pad(t.data.length), headerLength);
  const out = new Uint8Array(total);
  const dst = new DataView(out.buffer);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  dst.setUint32(0, flavor);
  dst.setUint16(4, numTables);
  dst.setUint16(6, searchRange);
  dst.setUint16(8, entrySelector);
  dst.setUint16(10, numTables * 16 - searchRange);
  let offset = headerLength;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    dst.setUint32(at, t.tag);
    dst.setUint32(at + 4, t.checksum);
    dst.setUint32(at + 8, offset);
    dst.setUint32(at + 12, t.data.length);
    out.set(t.data, offset);
    offset += pad(t.data.length);
  });
  return out;
}
