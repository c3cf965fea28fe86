// Function answers through the server: the product catalog goes gzip-compressed to a phone that accepts it, and
// its ETag still lets the device revalidate with a 304.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { serverForSuite } from '../helpers/suite';

/** The raw answer, as sent on the wire (no automatic decoding). */
function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('function answers', () => {
  const server = serverForSuite();

  it('sends the catalog gzip-compressed, and the same list without compression to a client that asks for none', async () => {
    const url = `${server.url}/.netlify/functions/products`;
    const zipped = await get(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    const plain = await get(url, {});
    expect([zipped.status, zipped.headers['content-encoding'], plain.headers['content-encoding']]).toEqual([200, 'gzip', undefined]);
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4);

    const again = await get(url, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(zipped.headers.etag) });
    expect([again.status, again.body.length]).toEqual([304, 0]);
  });

  it('leaves small answers and errors readable', async () => {
    const res = await fetch(`${server.url}/.netlify/functions/nope`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect([res.status, await res.json()]).toEqual([404, { error: 'There is no such function.', code: 'not_found' }]);
  });

  it('sends a function’s small JSON answer as it is, with its length, to a client that accepts gzip', async () => {
    // The hand-off refuses a call without a sign-in: a small JSON answer made by the function itself.
    const res = await new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          `${server.url}/.netlify/functions/sendToShopify`,
          { method: 'POST', headers: { 'Accept-Encoding': 'gzip', 'Content-Type': 'application/json' } },
          (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => resolve({ status: r.statusCode!, headers: r.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject).end('{}');
      },
    );
    expect(res.status).toBe(401);
    expect([res.headers['content-encoding'], res.headers['transfer-encoding']]).toEqual([undefined, undefined]);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(JSON.parse(res.body.toString())).toMatchObject({ error: expect.any(String) });
  });
});
