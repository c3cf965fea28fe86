// Which address a request is counted under: the peer, or what the outermost trusted proxy saw.
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { clientIp, groupAddress } from '../../../../server/net/client-ip';

/** Runs clientIp on a request as Hono sees it, with `peer` as the TCP peer address. */
async function ipOf(headers: Record<string, string>, hops: number, peer = '10.0.0.2'): Promise<string> {
  const app = new Hono();
  app.get('/', (c) => c.text(clientIp(c, hops)));
  const res = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: peer, remotePort: 1, remoteFamily: 'IPv4' } } });
  return res.text();
}

describe('client address', () => {
  it('is the peer when no proxy is trusted, whatever the headers say', async () => {
    expect(await ipOf({ 'X-Forwarded-For': '203.0.113.9' }, 0, '198.51.100.4')).toBe('198.51.100.4');
  });

  it('is read from the right of X-Forwarded-For, one entry per trusted hop', async () => {
    const chain = { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9, 10.1.1.1' };
    expect(await ipOf(chain, 1)).toBe('10.1.1.1');
    expect(await ipOf(chain, 2)).toBe('203.0.113.9');
    // A client's own entries sit to the left of what the proxy appended and are never believed.
    expect(await ipOf({ 'X-Forwarded-For': '1.1.1.1, 2.2.2.2, 198.51.100.7' }, 1)).toBe('198.51.100.7');
  });

  it('falls back to the peer when the header is missing, short or not an address', async () => {
    expect(await ipOf({}, 1, '198.51.100.4')).toBe('198.51.100.4');
    expect(await ipOf({ 'X-Forwarded-For': '203.0.113.9' }, 2, '198.51.100.4')).toBe('198.51.100.4');
    expect(await ipOf({ 'X-Forwarded-For': 'evil' }, 1, '198.51.100.4')).toBe('198.51.100.4');
  });

  it('accepts addresses with ports and brackets', async () => {
    expect(await ipOf({ 'X-Forwarded-For': '203.0.113.9:4711' }, 1)).toBe('203.0.113.9');
    expect(await ipOf({ 'X-Forwarded-For': '[2001:db8::1]:443' }, 1)).toBe('2001:db8:0:0::/64');
  });

  it('groups IPv6 by its /64 and unwraps IPv4-mapped addresses', () => {
    expect(groupAddress('2001:db8:a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
    expect(groupAddress('2001:db8:a:b:ffff:ffff:ffff:ffff')).toBe(groupAddress('2001:db8:a:b::1'));
    expect(groupAddress('2001:db8:a:c::1')).not.toBe(groupAddress('2001:db8:a:b::1'));
    expect(groupAddress('2001:DB8:0A:000B::1')).toBe('2001:db8:a:b::/64');
    expect(groupAddress('::1')).toBe('0:0:0:0::/64');
    expect(groupAddress('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(groupAddress('198.51.100.4')).toBe('198.51.100.4');
  });
});
