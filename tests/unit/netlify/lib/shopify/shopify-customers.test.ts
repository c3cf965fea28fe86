// The Shopify customer upsert on recorded Admin API responses.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { upsertShopifyCustomer, type Registration } from '../../../../../netlify/lib/shopify/customers';
import { registrationFields } from '../../../../helpers/fixtures';

const fixture = (name: string) => readFileSync(new URL(`../../../../fixtures/shopify-customers/${name}.json`, import.meta.url), 'utf8');
const reg: Registration = {
  id: 'reg1',
  ...registrationFields({ full_name: 'Ada King Lovelace' }),
  submitted_at: '2026-11-22T10:00:00.000Z',
};

function recorder(responses: Record<string, { status?: number; body: string }>) {
  const calls: { method: string; url: string; body: unknown; token: string | null }[] = [];
  const f = (async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const url = new URL(input);
    calls.push({
      method,
      url: url.pathname + url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      token: new Headers(init?.headers).get('x-shopify-access-token'),
    });
    const key = `${method} ${url.pathname}`;
    const r = responses[key];
    if (!r) return new Response('{"errors":"Not Found"}', { status: 404 });
    return new Response(r.body, { status: r.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { f, calls };
}

const opts = (f: typeof fetch) => ({ domain: 'maison.myshopify.com', token: 'shpat_test', fetch: f });

describe('upsertShopifyCustomer', () => {
  it('creates a tagged customer with the registration in the note when none exists', async () => {
    const { f, calls } = recorder({
      'GET /admin/api/2024-10/customers/search.json': { body: fixture('search-empty') },
      'POST /admin/api/2024-10/customers.json': { status: 201, body: fixture('created') },
    });
    await expect(upsertShopifyCustomer(reg, opts(f))).resolves.toBe('created');
    expect(calls[0]!.url).toContain('query=email%3Aada%40example.com');
    expect(calls[0]!.token).toBe('shpat_test');
    expect(calls[1]!.body).toEqual({
      customer: {
        email: 'ada@example.com',
        first_name: 'Ada',
        last_name: 'King Lovelace',
        phone: '+1 5551234567',
        tags: 'warranty-registered',
        note: 'Warranty registration reg1 (2026-11-22T10:00:00.000Z): Aurora Pendant',
      },
    });
  });

  it('adds the tag and a note line to an existing customer, keeping what was there', async () => {
    const { f, calls } = recorder({
      'GET /admin/api/2024-10/customers/search.json': { body: fixture('search-found') },
      'PUT /admin/api/2024-10/customers/207119551.json': { body: fixture('created') },
    });
    await expect(upsertShopifyCustomer(reg, opts(f))).resolves.toBe('updated');
    expect(calls[1]!.body).toEqual({
      customer: {
        id: 207119551,
        tags: 'vip, newsletter, warranty-registered',
        note: 'VIP: prefers rose gold\nWarranty registration reg1 (2026-11-22T10:00:00.000Z): Aurora Pendant',
      },
    });
  });

  it('changes nothing when the registration is already noted', async () => {
    const found = JSON.parse(fixture('search-found'));
    found.customers[0].tags = 'vip, warranty-registered';
    found.customers[0].note = 'Warranty registration reg1 (2026-11-22T10:00:00.000Z): Aurora Pendant';
    const { f, calls } = recorder({ 'GET /admin/api/2024-10/customers/search.json': { body: JSON.stringify(found) } });
    await expect(upsertShopifyCustomer(reg, opts(f))).resolves.toBe('unchanged');
    expect(calls).toHaveLength(1);
  });

  it('says plainly when Shopify refuses the token', async () => {
    const { f } = recorder({ 'GET /admin/api/2024-10/customers/search.json': { status: 401, body: fixture('errors-unauthorized') } });
    await expect(upsertShopifyCustomer(reg, opts(f))).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('SHOPIFY_ADMIN_TOKEN'),
    });
  });

  it('turns a Shopify outage and a non-JSON reply into clear errors', async () => {
    const down = recorder({ 'GET /admin/api/2024-10/customers/search.json': { status: 503, body: 'upstream connect error' } });
    await expect(upsertShopifyCustomer(reg, opts(down.f))).rejects.toMatchObject({
      status: 502,
      message: 'Shopify answered 503 for /customers/search.json.',
    });
    const garbage = recorder({ 'GET /admin/api/2024-10/customers/search.json': { body: '<html>' } });
    await expect(upsertShopifyCustomer(reg, opts(garbage.f))).rejects.toMatchObject({ message: 'Shopify sent a reply that is not JSON.' });
  });
});
