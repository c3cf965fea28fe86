// sendToShopify through the server: only the registering customer may hand over their own registration, and
// the hand-off is recorded once however often it is retried.
import { describe, expect, it } from 'vitest';
import { ID } from 'appwrite';
import { handOffs } from '../helpers/hand-offs';
import { createRegistration, jwtOf, sendToShopify, signedInCustomer } from '../helpers/customers';
import { registration } from '../helpers/fixtures';
import { serverForSuite } from '../helpers/suite';

describe('sendToShopify', () => {
  const server = serverForSuite();
  const send = (body: unknown, jwt?: string) => sendToShopify(server, body, jwt);

  it('records the hand-off once per registration when Shopify is not configured', async () => {
    const ada = await signedInCustomer(server, 'ada@example.com');
    const data = registration({ user_id: ada.userId });
    const { $id: id } = await createRegistration(ada, data);
    const jwt = await jwtOf(ada);

    // As the app sends it: the id and the registration's fields.
    const first = await send({ $id: id, ...data }, jwt);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'logged' });
    const again = await send({ $id: id, ...data }, jwt);
    expect(await again.json()).toEqual({ status: 'already_logged' });

    const log = await handOffs(server);
    // Beside the hand-off, the registration's confirmation e-mail (sent once).
    const mine = log.filter((e) => e.registrationId === id);
    expect(mine.map((e) => e.action).sort()).toEqual(['confirmation.mail', 'customer.upsert']);
    expect(mine.find((e) => e.action === 'customer.upsert')).toMatchObject({ email: 'ada@example.com' });
  });

  it('answers a registration that belongs to someone else exactly as a missing one', async () => {
    const { $id: id } = await createRegistration(await signedInCustomer(server, 'owner@example.com'));
    const jwt = await jwtOf(await signedInCustomer(server, 'other@example.com'));
    const hidden = await send({ $id: id }, jwt);
    const missing = await send({ $id: ID.unique() }, jwt);
    expect(hidden.status).toBe(404);
    expect([hidden.status, await hidden.json()]).toEqual([missing.status, await missing.json()]);
  });

  it.each([
    ['no sign-in', { $id: 'abc' }, false, 401],
    ['a forged JWT', { $id: 'abc' }, 'forged', 401],
    ['not JSON', '{"$id":', true, 400],
    ['no id', { full_name: 'x' }, true, 422],
    ['an id with a slash', { $id: 'a/b' }, true, 422],
    ['a registration that does not exist', { $id: 'missing-doc' }, true, 404],
  ])('answers %s with %s', async (_name, body, auth, status) => {
    let jwt: string | undefined;
    if (auth === 'forged') jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJ4In0.c2lnbmF0dXJl';
    else if (auth) {
      jwt = await jwtOf(await signedInCustomer(server, `case${Math.random().toString(36).slice(2, 8)}@example.com`));
    }
    const res = await send(body, jwt);
    expect(res.status).toBe(status);
    const json = (await res.json()) as { error: string; code: string };
    expect(json.error.length).toBeGreaterThan(5);
  });

  it('answers GET with 405', async () => {
    const res = await fetch(`${server.url}/.netlify/functions/sendToShopify`);
    expect(res.status).toBe(405);
  });
});
