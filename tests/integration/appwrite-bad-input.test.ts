// Hostile and malformed requests to every kind of route: each gets a 4xx in Appwrite's error shape, and the
// server keeps serving.
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer } from '../helpers/customers';
import { serverForSuite } from '../helpers/suite';

type Case = {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  status?: number;
  type?: string;
};

const P = { 'X-Appwrite-Project': 'warranty' };
const JSON_H = { ...P, 'Content-Type': 'application/json' };
const DOCS = '/databases/warranty/collections/submissions/documents';
const q = (...queries: string[]) => queries.map((v, i) => `queries[${i}]=${encodeURIComponent(v)}`).join('&');

function multipart(fields: Record<string, string | Blob>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

describe('bad input gets a 4xx in Appwrite’s shape, never a 500', () => {
  const server = serverForSuite();
  let session: string;
  beforeAll(async () => {
    const c = await signedInCustomer(server, 'tester@example.com');
    session = c.localStorage.getItem('cookieFallback')!;
  });

  const cases = (): Case[] => {
    const S = { ...JSON_H, 'X-Fallback-Cookies': session };
    return [
      { name: 'unknown route', path: '/nope', headers: P, status: 404, type: 'general_route_not_found' },
      { name: 'unknown nested route', method: 'POST', path: '/databases/a/b/c/d/e/f', headers: JSON_H, body: '{}', status: 404 },
      { name: 'unknown method on a known path', method: 'PATCH', path: '/account', headers: JSON_H, body: '{}', status: 404 },
      { name: 'missing project header', path: '/account', status: 404, type: 'project_not_found' },
      { name: 'wrong project', path: '/account', headers: { 'X-Appwrite-Project': 'other' }, status: 404, type: 'project_not_found' },
      { name: 'wrong API key', path: DOCS, headers: { ...P, 'X-Appwrite-Key': 'x'.repeat(40) }, status: 401 },
      { name: 'garbage JWT', path: '/account', headers: { ...P, 'X-Appwrite-JWT': 'not.a.jwt' }, status: 401, type: 'user_jwt_invalid' },
      {
        name: 'malformed fallback cookie',
        path: '/account',
        headers: { ...P, 'X-Fallback-Cookies': '{"a_session_warranty":' },
        status: 401,
        type: 'general_unauthorized_scope',
      },
      { name: 'session header that is not base64 JSON', path: '/account', headers: { ...P, 'X-Appwrite-Session': '%%%' }, status: 401 },
      { name: 'cookie with junk', path: '/account', headers: { ...P, Cookie: 'a_session_warranty=eyJpZCI6MX0=' }, status: 401 },
      {
        name: 'malformed JSON to tokens/email',
        method: 'POST',
        path: '/account/tokens/email',
        headers: JSON_H,
        body: '{"email":',
        status: 400,
        type: 'general_argument_invalid',
      },
      { name: 'JSON array body', method: 'POST', path: '/account/tokens/email', headers: JSON_H, body: '[]', status: 400 },
      {
        name: 'email of the wrong type',
        method: 'POST',
        path: '/account/tokens/email',
        headers: JSON_H,
        body: '{"userId":"unique()","email":42}',
        status: 400,
      },
      {
        name: 'email that is not an email',
        method: 'POST',
        path: '/account/tokens/email',
        headers: JSON_H,
        body: '{"userId":"unique()","email":"no-at-sign"}',
        status: 400,
      },
      {
        name: 'userId object',
        method: 'POST',
        path: '/account/tokens/email',
        headers: JSON_H,
        body: '{"userId":{},"email":"a@b.co"}',
        status: 400,
      },
      {
        name: 'userId too long',
        method: 'POST',
        path: '/account/tokens/email',
        headers: JSON_H,
        body: JSON.stringify({ userId: 'a'.repeat(37), email: 'a@b.co' }),
        status: 400,
      },
      {
        name: 'session without secret',
        method: 'POST',
        path: '/account/sessions/token',
        headers: JSON_H,
        body: '{"userId":"abc"}',
        status: 400,
      },
      {
        name: 'session for unknown user',
        method: 'POST',
        path: '/account/sessions/token',
        headers: JSON_H,
        body: '{"userId":"abc","secret":"123456"}',
        status: 401,
        type: 'user_invalid_token',
      },
      { name: 'JWT duration out of range', method: 'POST', path: '/account/jwts', headers: S, body: '{"duration":99999}', status: 400 },
      {
        name: 'document id of the wrong type',
        method: 'POST',
        path: DOCS,
        headers: S,
        body: JSON.stringify({ documentId: 123, data: { full_name: 'A', email: 'a@b.co' } }),
        status: 400,
      },
      {
        name: 'document id with a slash',
        method: 'POST',
        path: DOCS,
        headers: S,
        body: JSON.stringify({ documentId: 'a/b', data: { full_name: 'A', email: 'a@b.co' } }),
        status: 400,
      },
      {
        name: 'data as a string',
        method: 'POST',
        path: DOCS,
        headers: S,
        body: JSON.stringify({ documentId: 'unique()', data: 'x' }),
        status: 400,
        type: 'document_invalid_structure',
      },
      {
        name: 'permissions as a string',
        method: 'POST',
        path: DOCS,
        headers: S,
        body: JSON.stringify({ documentId: 'unique()', data: { full_name: 'A', email: 'a@b.co' }, permissions: 'read' }),
        status: 400,
      },
      {
        name: 'malformed permission',
        method: 'POST',
        path: DOCS,
        headers: S,
        body: JSON.stringify({ documentId: 'unique()', data: { full_name: 'A', email: 'a@b.co' }, permissions: ['read(any)'] }),
        status: 400,
      },
      {
        name: 'bulk create without a key',
        method: 'POST',
        path: DOCS,
        headers: S,
        body: JSON.stringify({ documents: [{ full_name: 'A', email: 'a@b.co' }] }),
        status: 401,
      },
      {
        name: 'broken query JSON',
        path: `${DOCS}?${q('{"method":')}`,
        headers: { ...P, 'X-Fallback-Cookies': session },
        status: 400,
        type: 'general_query_invalid',
      },
      {
        name: 'unknown query method',
        path: `${DOCS}?${q('{"method":"drop","attribute":"email"}')}`,
        headers: P,
        status: 400,
        type: 'general_query_invalid',
      },
      { name: 'limit too large', path: `${DOCS}?${q('{"method":"limit","values":[1e9]}')}`, headers: P, status: 400 },
      { name: 'negative offset', path: `${DOCS}?${q('{"method":"offset","values":[-1]}')}`, headers: P, status: 400 },
      { name: 'limit as a string', path: `${DOCS}?${q('{"method":"limit","values":["10"]}')}`, headers: P, status: 400 },
      { name: 'values not an array', path: `${DOCS}?${q('{"method":"equal","attribute":"email","values":"x"}')}`, headers: P, status: 400 },
      {
        name: 'object as a query value',
        path: `${DOCS}?${q('{"method":"equal","attribute":"email","values":[{}]}')}`,
        headers: P,
        status: 400,
      },
      { name: 'empty or()', path: `${DOCS}?${q('{"method":"or","values":[]}')}`, headers: P, status: 400 },
      { name: 'nested garbage in and()', path: `${DOCS}?${q('{"method":"and","values":[7]}')}`, headers: P, status: 400 },
      {
        name: 'too many queries',
        path: `${DOCS}?${q(...Array.from({ length: 101 }, () => '{"method":"limit","values":[1]}'))}`,
        headers: P,
        status: 400,
      },
      {
        name: 'attribute injection',
        path: `${DOCS}?${q('{"method":"equal","attribute":"email\') OR 1=1 --","values":["x"]}')}`,
        headers: P,
        status: 400,
      },
      { name: 'total not a boolean', path: `${DOCS}?total=maybe`, headers: P, status: 400 },
      {
        name: 'unknown database',
        path: '/databases/nope/collections/submissions/documents',
        headers: P,
        status: 404,
        type: 'database_not_found',
      },
      { name: 'badly encoded path', path: '/databases/%E0%A4%A/collections/x/documents', headers: P },
      {
        name: 'upload that is not multipart',
        method: 'POST',
        path: '/storage/buckets/images/files',
        headers: S,
        body: '{"fileId":"x"}',
        status: 400,
      },
      {
        name: 'upload without a file part',
        method: 'POST',
        path: '/storage/buckets/images/files',
        headers: { ...P, 'X-Fallback-Cookies': session },
        body: multipart({ fileId: 'unique()' }),
        status: 400,
      },
      {
        name: 'upload of an empty file',
        method: 'POST',
        path: '/storage/buckets/images/files',
        headers: { ...P, 'X-Fallback-Cookies': session },
        body: multipart({ fileId: 'unique()', file: new File([], 'a.jpg') }),
        status: 400,
      },
      {
        name: 'upload with a broken content range',
        method: 'POST',
        path: '/storage/buckets/images/files',
        headers: { ...P, 'X-Fallback-Cookies': session, 'Content-Range': 'bytes 9-1/3' },
        body: multipart({ fileId: 'unique()', file: new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg') }),
        status: 400,
        type: 'storage_invalid_content_range',
      },
      {
        name: 'upload to an unknown bucket',
        method: 'POST',
        path: '/storage/buckets/nope/files',
        headers: { ...P, 'X-Fallback-Cookies': session },
        body: multipart({ fileId: 'unique()', file: new File(['x'], 'a.jpg') }),
        status: 404,
      },
      {
        name: 'upload by a guest',
        method: 'POST',
        path: '/storage/buckets/images/files',
        headers: P,
        body: multipart({ fileId: 'unique()', file: new File(['x'], 'a.jpg') }),
        status: 401,
      },
      { name: 'preview width out of range', path: '/storage/buckets/images/files/abc/preview?width=99999&project=warranty', status: 400 },
      ...(
        [
          ['preview of an unknown file', 'width=100', 404],
          ['preview in a size the app never asks for', 'width=101', 400],
          ['preview quality outside the fixed set', 'width=100&quality=37', 400],
          ['preview output named after an Object property', 'output=constructor', 400],
        ] as const
      ).map(([name, query, status]) => ({
        name,
        path: `/storage/buckets/images/files/abc/preview?${query}&project=warranty`,
        headers: { 'X-Fallback-Cookies': session },
        status,
      })),
      {
        name: 'query on `constructor`',
        path: `${DOCS}?queries[]=${encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'constructor', values: ['x'] }))}`,
        headers: S,
        status: 400,
      },
      {
        name: 'order by `__proto__`',
        path: `${DOCS}?queries[]=${encodeURIComponent(JSON.stringify({ method: 'orderAsc', attribute: '__proto__' }))}`,
        headers: S,
        status: 400,
      },
      {
        name: 'select `toString`',
        path: `${DOCS}?queries[]=${encodeURIComponent(JSON.stringify({ method: 'select', values: ['toString'] }))}`,
        headers: S,
        status: 400,
      },
      {
        name: 'document data with `__proto__`',
        method: 'POST',
        path: DOCS,
        headers: S,
        body: '{"documentId":"unique()","data":{"__proto__":{"x":1}}}',
        status: 400,
      },
      {
        name: 'attribute of type `constructor`',
        method: 'POST',
        path: '/databases/warranty/collections/submissions/attributes/constructor',
        headers: { ...P, 'X-Appwrite-Key': 'k' },
        body: '{"key":"x"}',
        status: 401,
      },
      {
        name: 'JSON body over the limit',
        method: 'POST',
        path: DOCS,
        headers: S,
        body: JSON.stringify({ documentId: 'unique()', data: { full_name: 'x'.repeat(3 * 1024 * 1024) } }),
        status: 413,
      },
      {
        name: 'upload body over the limit',
        method: 'POST',
        path: '/storage/buckets/images/files',
        headers: { ...P, 'X-Fallback-Cookies': session },
        body: multipart({ fileId: 'unique()', file: new File([new Uint8Array(7 * 1024 * 1024)], 'a.jpg') }),
        status: 413,
      },
      {
        name: 'schema change without a key',
        method: 'POST',
        path: '/databases',
        headers: S,
        body: '{"databaseId":"x","name":"x"}',
        status: 401,
      },
      {
        name: 'origin that is not registered',
        path: '/account',
        headers: { ...P, Origin: 'https://evil.example' },
        status: 403,
        type: 'general_unknown_origin',
      },
    ];
  };

  it('answers every case with a 4xx in Appwrite’s error shape', async () => {
    const results: string[] = [];
    for (const c of cases()) {
      const res = await fetch(`${server.endpoint}${c.path}`, { method: c.method ?? 'GET', headers: c.headers, body: c.body });
      const body = (await res.json()) as Record<string, unknown>;
      const ok =
        res.status >= 400 &&
        res.status < 500 &&
        (c.status === undefined || res.status === c.status) &&
        (c.type === undefined || body.type === c.type) &&
        typeof body.message === 'string' &&
        body.code === res.status &&
        typeof body.type === 'string' &&
        typeof body.version === 'string';
      if (!ok) results.push(`${c.name}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    expect(results).toEqual([]);
    const health = await fetch(`${server.endpoint}/health`);
    expect(health.status).toBe(200);
  });

  it('answers CORS preflights as Appwrite does, with the origin echoed and credentials allowed', async () => {
    const res = await fetch(`${server.endpoint}/account/sessions/token`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-fallback-cookies',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-headers')).toContain('X-Fallback-Cookies');
    const get = await fetch(`${server.endpoint}/account`, { headers: { ...P, Origin: 'http://localhost:5173' } });
    expect(get.headers.get('access-control-expose-headers')).toContain('X-Fallback-Cookies');
  });
});
