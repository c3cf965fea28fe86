// The pages of registrations staff read are node-appwrite's requests read with JSON.parse
// (listRegistrationDocuments): they hold exactly what the SDK's own listDocuments answers, text of every kind
// included, and the database's refusals and absence come out as the SDK's errors and the functions' answers.
import { AppwriteException, ID, Permission, Query, Role } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEnv } from '../../netlify/lib/env';
import { HttpError } from '../../netlify/lib/http';
import { listRegistrationDocuments } from '../../netlify/lib/registrations/registrations';
import { pageNewestFirst } from '../../netlify/lib/registrations/staff-repository';
import { registrationFields } from '../helpers/fixtures';
import { adminClient, startTestServer, type TestServer } from '../helpers/server';

const where = { databaseId: 'warranty', collectionId: 'submissions' };
const NAMES = ['Zoë "Zed" O\'Brien', 'Ωμέγα \\ back\\slash', 'Line\nbreak\ttab', '😀 emoji 𝄞', '\u2028 separators \u2029', 'ascii'];

let server: TestServer;
const inFunctions = <T>(fn: () => Promise<T>, over: Record<string, string> = {}) => withEnv({ ...server.functionsEnv(), ...over }, fn);

beforeAll(async () => {
  server = await startTestServer();
  const { databases } = adminClient(server);
  for (const full_name of NAMES)
    await databases.createDocument({
      ...where,
      documentId: ID.unique(),
      data: registrationFields({ full_name }),
      permissions: [Permission.read(Role.user('someone'))],
    });
});
afterAll(() => server?.dispose());

describe('a page of registrations read with JSON.parse', () => {
  it('holds what node-appwrite lists, document for document', async () => {
    const queries = [Query.orderDesc('$updatedAt'), Query.limit(50)];
    const mine = await inFunctions(() => listRegistrationDocuments(queries));
    const sdk = await adminClient(server).databases.listDocuments({ ...where, queries, total: false });
    expect(mine.map((d) => (d as unknown as { full_name: string }).full_name).sort()).toEqual([...NAMES].sort());
    expect(JSON.parse(JSON.stringify(mine))).toEqual(JSON.parse(JSON.stringify(sdk.documents)));
  });

  it("throws the database's refusal as node-appwrite does: a wrong key, a cursor naming nothing", async () => {
    const refusal = await inFunctions(() => listRegistrationDocuments([Query.limit(1)]), { APPWRITE_API_KEY: 'wrong' }).catch(
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(AppwriteException);
    expect((refusal as AppwriteException).code).toBe(401);
    const cursor = await inFunctions(() => listRegistrationDocuments([Query.cursorAfter('nosuchid123')])).catch((e: unknown) => e);
    expect(cursor).toMatchObject({ code: 400, type: 'general_cursor_not_found' });
    // The staff page says what to do about it.
    const page = await inFunctions(() => pageNewestFirst({ cursor: 'nosuchid123', limit: 5 })).catch((e: unknown) => e);
    expect(page).toBeInstanceOf(HttpError);
    expect(page).toMatchObject({ status: 400, code: 'invalid_query' });
  });

  it('answers a 502 that says so when the database cannot be reached', async () => {
    const page = await inFunctions(() => pageNewestFirst({ limit: 5 }), { APPWRITE_ENDPOINT: 'http://127.0.0.1:9/v1' }).catch(
      (e: unknown) => e,
    );
    expect(page).toBeInstanceOf(HttpError);
    expect(page).toMatchObject({ status: 502, code: 'upstream_error', message: 'The database could not be reached. Please try again.' });
  });
});
