// Reads and drops the rest of a request body, up to `cap` bytes, so a client still sending hears the answer
// (a 413, a 401) instead of a reset connection; past the cap the body is cancelled.
export async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>, cap: number) {
  try {
    for (let read = 0; read <= cap;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.length;
    }
    await reader.cancel();
  } catch {
    /* the client went away */
  }
}
