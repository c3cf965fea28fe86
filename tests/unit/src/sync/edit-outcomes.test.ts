// What became of each pending edit in a run: sent, in conflict (with the server's copy), refused with the server's
// text, or kept for later when the network is gone.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openAppDb } from '@/db/schema';
import type { Submission } from '@/shared/contracts/submission';
import { flushPendingEdits, queueEdit } from '@/sync/pending-edits';

const row = (id: string): Submission => ({
  $id: id,
  $createdAt: '2026-03-01T10:00:00.000+00:00',
  $updatedAt: '2026-03-01T10:00:00.000+00:00',
  submitted_at: '2026-03-01T10:00:00.000+00:00',
  full_name: `Customer ${id}`,
  email: `${id}@example.com`,
  phone: '',
  address: '',
  product_sku: '',
  selected_product: '',
  image_file_id: '',
});

describe('flushPendingEdits outcomes', () => {
  it('says what became of each edit', async () => {
    const db = openAppDb(`outcomes-${crypto.randomUUID()}`);
    const ids = ['sent', 'theirs', 'refused', 'later'];
    await db.submissions.bulkPut(ids.map(row));
    // Edits go oldest first, so they are saved a moment apart: the one that meets the dead network is sent last.
    for (const id of ids) {
      await queueEdit(db, { id, fields: { full_name: `Edited ${id}` }, baseUpdatedAt: row(id).$updatedAt });
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const fetchImpl = (async (_url: string, init?: RequestInit) => {
      const { id } = JSON.parse(String(init?.body)) as { id: string };
      if (id === 'sent') return Response.json({ ...row(id), full_name: 'Edited sent', $updatedAt: '2026-03-02T10:00:00.000+00:00' });
      if (id === 'theirs')
        return Response.json(
          { error: 'Changed meanwhile.', code: 'conflict', details: { current: { ...row(id), phone: '1' } } },
          { status: 409 },
        );
      if (id === 'refused')
        return Response.json({ error: 'email: Email is not a valid email address.', code: 'invalid_body' }, { status: 422 });
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;

    const result = await flushPendingEdits(db, { token: 't', base: 'http://fn.test', fetchImpl, fresh: true });
    expect(result.outcomeOf('sent')).toEqual({ kind: 'sent' });
    expect(result.outcomeOf('theirs')).toMatchObject({ kind: 'conflict', conflict: { id: 'theirs', current: { phone: '1' } } });
    expect(result.outcomeOf('refused')).toEqual({ kind: 'refused', error: 'email: Email is not a valid email address.' });
    expect(result.outcomeOf('later')).toEqual({ kind: 'offline' });
    expect(result.outcomeOf('unknown')).toBeUndefined();
    expect(result).toEqual({ sent: ['sent'], conflicts: [expect.objectContaining({ id: 'theirs' })], failed: 2 });
  });
});
