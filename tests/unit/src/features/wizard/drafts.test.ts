// The draft on the device (Dexie + SPEC.md's local storage keys) and stored photos.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openAppDb } from '@/db/schema';
import { clearDraft, loadDraft, readDraftValues, saveDraft, type KeyStore } from '@/features/wizard/drafts';
import { fitWithin, PhotoError, storePhotos } from '@/features/wizard/photos';
import type { DraftValues } from '@/features/wizard/wizard.types';

const memoryKeys = (): KeyStore & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
};

const values: DraftValues = {
  fullName: 'Ada',
  email: 'ada@example.com',
  phoneCountry: 'GB',
  phone: '7700900123',
  addressLine1: '12 Elm St',
  addressLine2: '',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  productQuery: 'ring',
  category: 'ring',
  placeChosen: true,
  selected: [{ id: '3', title: 'Solitaire Ring', sku: 'RNG-3001', image: '' }],
  queuedEntryId: null,
  confirmLater: false,
};

describe('wizard drafts', () => {
  it('starts a new draft when none is stored', async () => {
    const draft = await loadDraft(openAppDb(crypto.randomUUID()), memoryKeys());
    expect(draft).toMatchObject({ step: 1, values: {}, photos: [], userId: null, isVerified: false });
    expect(draft.draftId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('saves fields and step, and keeps currentStep, userId, isVerified and sessionId in local storage', async () => {
    const db = openAppDb(crypto.randomUUID());
    const keys = memoryKeys();
    await saveDraft(db, keys, { draftId: 'd1', step: 5, values, userId: 'u1', sessionId: 's1', isVerified: true });
    expect(Object.fromEntries(keys.data)).toEqual({ currentStep: '5', userId: 'u1', sessionId: 's1', isVerified: 'true' });
    const back = await loadDraft(db, keys, () => 'blob:x');
    expect(back).toMatchObject({ draftId: 'd1', step: 5, values, userId: 'u1', sessionId: 's1', isVerified: true });
  });

  it('takes the step from local storage, and only steps 1 to 6', async () => {
    const db = openAppDb(crypto.randomUUID());
    const keys = memoryKeys();
    await saveDraft(db, keys, { draftId: 'd1', step: 4, values, userId: null, sessionId: null, isVerified: false });
    keys.setItem('currentStep', '7');
    expect((await loadDraft(db, keys)).step).toBe(1);
    keys.setItem('currentStep', '3');
    expect((await loadDraft(db, keys)).step).toBe(3);
  });

  it('drops malformed stored values', () => {
    expect(readDraftValues({ fullName: 4, email: 'a@b.co', category: 'hats', selected: [{ id: 1 }, { id: '2', title: 'B' }] })).toEqual({
      email: 'a@b.co',
      selected: [{ id: '2', title: 'B', sku: '', image: '' }],
    });
  });

  it('loads the chosen products of a draft an older version saved (a missing SKU or picture is empty)', () => {
    const old = {
      selected: [
        { id: '3', title: 'Solitaire Ring', sku: 'RNG-3001', image: '/r.webp' },
        { id: '4', title: 'Band' },
      ],
    };
    const { selected } = readDraftValues(old);
    expect(selected).toEqual([
      { id: '3', title: 'Solitaire Ring', sku: 'RNG-3001', image: '/r.webp' },
      { id: '4', title: 'Band', sku: '', image: '' },
    ]);
  });

  it('restores photo previews and clears the draft, keeping photos handed to the outbox', async () => {
    const db = openAppDb(crypto.randomUUID());
    const keys = memoryKeys();
    await saveDraft(db, keys, { draftId: 'd1', step: 6, values, userId: 'u1', sessionId: 's1', isVerified: true });
    const files = [new File(['a'], 'ring.png', { type: 'image/png' }), new File(['b'], 'notes.pdf', { type: 'application/pdf' })];
    const prepare = async (f: File) => {
      if (f.type !== 'image/png') throw new PhotoError(`"${f.name}" is not a photo.`);
      return { blob: new Blob(['small'], { type: 'image/jpeg' }), width: 10, height: 5 };
    };
    const stored = await storePhotos(db, 'd1', files, prepare, () => 'blob:preview');
    expect(stored.added).toEqual([{ id: expect.any(String), name: 'ring.jpg', url: 'blob:preview' }]);
    expect(stored.errors).toEqual(['"notes.pdf" is not a photo.']);
    await storePhotos(db, 'd1', [files[0]!], prepare, () => 'blob:second');

    const back = await loadDraft(db, keys, () => 'blob:restored');
    expect(back.photos.map((p) => p.url)).toEqual(['blob:restored', 'blob:restored']);

    await clearDraft(db, keys, { draftId: 'd1', keepFileIds: [stored.added[0]!.id] });
    expect(keys.data.size).toBe(0);
    expect(await db.drafts.count()).toBe(0);
    expect((await db.draftFiles.toArray()).map((f) => f.id)).toEqual([stored.added[0]!.id]);
  });

  it('fits photos within 2048 px on the long side, never enlarging them', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3000, 9000)).toEqual({ width: 683, height: 2048 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
