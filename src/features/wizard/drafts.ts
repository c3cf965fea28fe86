// The wizard run on this device: fields and step in Dexie, photos in draftFiles, SPEC.md's local storage keys.
import { draftsRepository } from '@/db/drafts-repository';
import type { AppDb } from '@/db/schema';
import { isCategory } from './categories';
import { restorableStep } from './wizard.rules';
import type { DraftClear, DraftSave, DraftValues, LoadedDraft, SelectedProduct } from './wizard.types';

export const STORAGE_KEYS = { step: 'currentStep', userId: 'userId', isVerified: 'isVerified', sessionId: 'sessionId' } as const;

export type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const TEXT_FIELDS = [
  'fullName',
  'email',
  'phoneCountry',
  'phone',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zip',
  'productQuery',
] as const;

const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

/** A chosen product as a draft kept it; one missing its SKU or picture (a draft of an older version) still loads. */
function selectedProductOf(raw: unknown): SelectedProduct[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const p = raw as Record<string, unknown>;
  if (typeof p.id !== 'string' || typeof p.title !== 'string') return [];
  return [{ id: p.id, title: p.title, sku: textOf(p.sku), image: textOf(p.image) }];
}

/** Only well-formed values come back from storage; anything else is left out and starts empty. */
export function readDraftValues(raw: unknown): Partial<DraftValues> {
  const v = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const out: Partial<DraftValues> = {};
  for (const key of TEXT_FIELDS) if (typeof v[key] === 'string') out[key] = v[key];
  if (typeof v.placeChosen === 'boolean') out.placeChosen = v.placeChosen;
  if (typeof v.confirmLater === 'boolean') out.confirmLater = v.confirmLater;
  if (typeof v.queuedEntryId === 'string' || v.queuedEntryId === null) out.queuedEntryId = v.queuedEntryId;
  if (typeof v.fixingEntryId === 'string' || v.fixingEntryId === null) out.fixingEntryId = v.fixingEntryId;
  if (typeof v.wrongCodes === 'number' && Number.isInteger(v.wrongCodes) && v.wrongCodes >= 0) out.wrongCodes = v.wrongCodes;
  if (isCategory(v.category)) out.category = v.category;
  if (Array.isArray(v.selected)) out.selected = v.selected.flatMap(selectedProductOf);
  return out;
}

export async function loadDraft(
  db: AppDb,
  keys: KeyStore,
  previewUrl: (b: Blob) => string = (b) => URL.createObjectURL(b),
): Promise<LoadedDraft> {
  const { draft, files, reopened } = await draftsRepository(db).latest();
  const draftId = draft?.id ?? crypto.randomUUID();
  return {
    draftId,
    // A reopened run starts on its own step (the stored key may be an earlier run's, saved as the page was left).
    step: restorableStep(reopened ? draft?.step : (keys.getItem(STORAGE_KEYS.step) ?? draft?.step)),
    values: readDraftValues(draft?.values),
    photos: files.map((f) => ({ id: f.id, name: f.name, url: previewUrl(f.blob) })),
    userId: keys.getItem(STORAGE_KEYS.userId) || null,
    sessionId: keys.getItem(STORAGE_KEYS.sessionId) || null,
    isVerified: keys.getItem(STORAGE_KEYS.isVerified) === 'true',
  };
}

const setOrRemove = (keys: KeyStore, key: string, value: string | null) => (value ? keys.setItem(key, value) : keys.removeItem(key));

export async function saveDraft(db: AppDb, keys: KeyStore, d: DraftSave): Promise<void> {
  keys.setItem(STORAGE_KEYS.step, String(d.step));
  setOrRemove(keys, STORAGE_KEYS.userId, d.userId);
  setOrRemove(keys, STORAGE_KEYS.sessionId, d.sessionId);
  keys.setItem(STORAGE_KEYS.isVerified, String(d.isVerified));
  await draftsRepository(db).save({ id: d.draftId, step: d.step, values: d.values, updatedAt: Date.now() });
}

/** Forgets the run; photos handed to the outbox (keepFileIds) stay until the outbox has sent them. */
export async function clearDraft(db: AppDb, keys: KeyStore, c: DraftClear): Promise<void> {
  for (const key of Object.values(STORAGE_KEYS)) keys.removeItem(key);
  await draftsRepository(db).remove(c.draftId, c.keepFileIds);
}

export const removePhoto = (db: AppDb, id: string) => draftsRepository(db).removeFile(id);
