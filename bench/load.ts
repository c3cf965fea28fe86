// One autocannon run (32 connections, fixed duration) reduced to throughput, latency and failures.
import autocannon from 'autocannon';

type Request = NonNullable<Parameters<typeof autocannon>[0]['requests']>[number];
export type LoadResult = { rps: number; p50: number; p99: number; non2xx: number; errors: number; statuses: Record<string, number> };

export const CONNECTIONS = 32;

export async function load(base: string, requests: Request[], duration = 10): Promise<LoadResult> {
  const r = await autocannon({ url: base, connections: CONNECTIONS, duration, timeout: 10, requests });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    statuses: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
  };
}
