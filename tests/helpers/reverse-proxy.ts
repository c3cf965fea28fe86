// A reverse proxy on this machine in front of the server, as a store runs it (nginx's usual settings): it keeps the
// public Host, appends the peer it saw to X-Forwarded-For and says the public scheme in X-Forwarded-Proto.
// `peerAs` stands in for the internet address of whoever connects (every test client is on loopback).
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReverseProxy = { url: string; setPeer(address: string): void; close(): Promise<void> };

export async function startReverseProxy(
  target: string,
  opts: { publicHost: string; proto?: 'https' | 'http'; peerAs?: string },
): Promise<ReverseProxy> {
  const upstream = new URL(target);
  let peer = opts.peerAs ?? '';
  const server: Server = createServer((req, res) => {
    const headers: IncomingHttpHeaders = { ...req.headers };
    const seen = peer || req.socket.remoteAddress || '';
    headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${String(headers['x-forwarded-for'])}, ${seen}` : seen;
    headers['x-forwarded-proto'] = opts.proto ?? 'https';
    headers.host = opts.publicHost;
    const out = request({ hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setPeer: (address) => (peer = address),
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
