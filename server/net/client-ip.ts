// Who is on the other end of a request, for rate limits and session records: the TCP peer, or, behind
// `trustProxy` reverse proxies, the address the outermost trusted proxy saw. Proxies append to X-Forwarded-For,
// so the client's address is read from the right, skipping one entry per trusted hop; whatever a client writes
// into the header itself stays to the left and is never believed. IPv6 addresses are grouped by their /64, the
// block one household or phone is usually given.
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

export function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The client's address as a rate-limit key: IPv4 as is, IPv6 as its /64 prefix. */
export function clientIp(c: Context, trustedHops: number): string {
  const peer = peerAddress(c);
  if (trustedHops > 0) {
    const chain = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // The last `trustedHops - 1` entries were added by inner proxies; the one before them by the outermost
    // trusted proxy, which wrote the address it was connected from.
    const candidate = chain[chain.length - trustedHops];
    if (candidate && isIP(stripPort(candidate))) return groupAddress(stripPort(candidate));
  }
  return peer ? groupAddress(peer) : 'unknown';
}

function stripPort(value: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) return bracketed[1]!;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  return v4 ? v4[1]! : value;
}

/** 1.2.3.4 stays; ::ffff:1.2.3.4 becomes 1.2.3.4; 2001:db8:a:b:c:d:e:f becomes 2001:db8:a:b::/64. */
export function groupAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(address: string): string[] {
  const [head, tail] = address.toLowerCase().split('%')[0]!.split('::') as [string, string | undefined];
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) counts as two groups.
  const groups = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((p) => {
      if (!p.includes('.')) return [p];
      const [a, b, c, d] = p.split('.').map(Number) as [number, number, number, number];
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const left = groups(head);
  const right = groups(tail);
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => (parseInt(g, 16) || 0).toString(16));
}
