// Raw HTTP the way attackers and slow phones send it: chunked bodies with no Content-Length, or bodies that never end.
import { request as httpRequest } from 'node:http';

/** Sends headers and a first piece of a chunked body that never ends; resolves with the status if the server answers anyway. */
export function answerBeforeBodyEnds(
  url: string,
  headers: Record<string, string>,
  method = 'POST',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = httpRequest(
      { hostname: u.hostname, port: u.port, path: u.pathname + u.search, method, headers: { ...headers, 'Transfer-Encoding': 'chunked' } },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', (err) => reject(err));
    req.write(Buffer.alloc(64 * 1024, 0x20));
    setTimeout(() => {
      req.destroy();
      reject(new Error('the server waited for the body to end'));
    }, 10_000);
  });
}

/** Sends a chunked body of `size` bytes (no Content-Length) and returns the status. */
export function sendChunkedBody(url: string, headers: Record<string, string>, size: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = httpRequest(
      {
        hostname: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: 'POST',
        headers: { ...headers, 'Transfer-Encoding': 'chunked' },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    // A server that answers early may close before the whole body is sent: the answer is what counts.
    req.on('error', (err) => (['EPIPE', 'ECONNRESET'].includes((err as NodeJS.ErrnoException).code ?? '') ? undefined : reject(err)));
    const piece = Buffer.alloc(256 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}
