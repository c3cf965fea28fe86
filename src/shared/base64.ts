// A photo's bytes as base64: for the functions that take photos in JSON (Netlify's emulator reads every request body
// as text, so a photo's raw bytes would not arrive whole there), and for a stuck registration saved as a file.

/**
 * By the browser's own Uint8Array.toBase64 where it has one (a few milliseconds less a photo), else in chunks (a whole
 * photo as one argument list would overflow the stack).
 */
export async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const native = (bytes as Uint8Array & { toBase64?: () => string }).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
