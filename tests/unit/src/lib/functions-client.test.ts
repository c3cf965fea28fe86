// The one browser client of the functions: every answer resolves as { ok: true, data } or a refusal with a sentence
// for a person; only a network failure rejects. Staff calls check the answer against the contract.
import { describe, expect, it, vi } from 'vitest';
import { callFunction, NO_REASON } from '@/lib/functions';
import { callStaffFunction, UNEXPECTED_ANSWER } from '@/lib/staff-functions';

const answering = (res: () => Response) => vi.fn(async (_url: string, _init?: RequestInit) => res()) as unknown as typeof fetch;
const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });

describe('callFunction', () => {
  it('sends the method, headers and body of the contract and resolves the JSON answer', async () => {
    const fetchImpl = answering(json({ status: 'sent' }));
    const r = await callFunction('renewConfirmation', { body: { id: 'reg1' }, base: 'http://fn.test', fetchImpl });
    expect(r).toEqual({ ok: true, data: { status: 'sent' } });
    const [url, init] = vi.mocked(fetchImpl).mock.calls[0]!;
    expect(url).toBe('http://fn.test/.netlify/functions/renewConfirmation');
    expect(init).toMatchObject({ method: 'POST', body: '{"id":"reg1"}', headers: { 'Content-Type': 'application/json' } });
  });

  it('resolves a refusal with the server’s text, code and details', async () => {
    const fetchImpl = answering(json({ error: 'That registration does not exist.', code: 'not_found', details: { x: 1 } }, 404));
    expect(await callFunction('confirmRegistration', { customerJwt: 'jwt', body: { id: 'reg1' }, fetchImpl })).toEqual({
      ok: false,
      status: 404,
      code: 'not_found',
      error: 'That registration does not exist.',
      details: { x: 1 },
    });
  });

  it('says the status plainly when the answer gives no reason, and treats an error text in a 200 as a refusal', async () => {
    const html = answering(() => new Response('<html>', { status: 502 }));
    expect(await callFunction('getSubmissions', { staffToken: 't', fetchImpl: html })).toEqual({
      ok: false,
      status: 502,
      code: NO_REASON,
      error: 'The server answered 502.',
    });
    const said = await callFunction('getSubmissions', { staffToken: 't', fetchImpl: answering(json({ error: 'Nope' })) });
    expect(said).toEqual({ ok: false, status: 200, code: 'http_error', error: 'Nope' });
    const unreadable = await callFunction('getSubmissions', { staffToken: 't', fetchImpl: answering(() => new Response('{')) });
    expect(unreadable).toMatchObject({ ok: false, status: 200, code: NO_REASON });
  });

  it('gives a file function’s bytes as a Blob', async () => {
    const pdf = answering(() => new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'Content-Type': 'application/pdf' } }));
    const r = await callFunction('warrantyCertificate', { customerJwt: 'jwt', query: { id: 'reg1' }, fetchImpl: pdf });
    expect(r.ok && (await r.data.text())).toBe('%PDF');
  });

  it('rejects only where fetch does', async () => {
    const down = vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    await expect(callFunction('products', { fetchImpl: down })).rejects.toBeInstanceOf(TypeError);
  });
});

describe('callStaffFunction', () => {
  const counter = {
    id: 'c1',
    store: 'Main St',
    enrolled_by: 'a@b.co',
    enrolled_at: '2026-01-01T00:00:00.000Z',
    last_seen: null,
    revoked_at: null,
  };

  it('resolves an answer that matches the contract', async () => {
    const r = await callStaffFunction('listCounters', { staffToken: 't', fetchImpl: answering(json({ counters: [counter] })) });
    expect(r).toEqual({ ok: true, data: { counters: [counter] } });
  });

  it('turns an answer that does not match into a refusal saying where', async () => {
    const r = await callStaffFunction('listCounters', { staffToken: 't', fetchImpl: answering(json({ counters: [{ id: 1 }] })) });
    expect(r).toMatchObject({ ok: false, status: 200, code: UNEXPECTED_ANSWER });
    expect(!r.ok && r.error).toMatch(/^The server's answer to listCounters is not what this app expects \(counters\.0\.id: /);
  });

  it('keeps a refusal’s details only when they match theirs', async () => {
    const current = { ...counter, $id: 'doc1', $createdAt: 'a', $updatedAt: 'b', submitted_at: 'c' };
    const submission = { $id: 'doc1', $createdAt: 'a', $updatedAt: 'b', submitted_at: 'c', full_name: 'A', email: 'a@b.co' };
    const fields = { phone: '', address: '', product_sku: '', selected_product: '', image_file_id: '' };
    const conflict = (details: unknown) => answering(json({ error: 'Changed.', code: 'conflict', details }, 409));
    const body = { id: 'doc1', full_name: 'A', email: 'a@b.co' };
    const good = await callStaffFunction('updateAppwriteSubmission', {
      staffToken: 't',
      body,
      fetchImpl: conflict({ current: { ...submission, ...fields } }),
    });
    expect(!good.ok && good.details?.current.$id).toBe('doc1');
    const bad = await callStaffFunction('updateAppwriteSubmission', { staffToken: 't', body, fetchImpl: conflict({ current }) });
    expect(bad).toEqual({ ok: false, status: 409, code: 'conflict', error: 'Changed.' });
  });
});
