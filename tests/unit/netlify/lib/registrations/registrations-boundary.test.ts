// The trust boundary holds by construction: netlify/lib/registrations/registrations.ts is the one module that reads or
// writes the registrations collection (the staff repository beside it works through it), so every function, sweep,
// mail, link and certificate gets the server's facts from it and none reads a raw registration document.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Models } from 'node-appwrite';
import { describe, expect, it } from 'vitest';
import { registrationOf } from '../../../../../netlify/lib/registrations/registrations';
import { submissionSchema } from '../../../../../src/shared/contracts/submission';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const OWNER = 'netlify/lib/registrations/registrations.ts';
/** Where the collection's id is defined (from APPWRITE_COLLECTION_ID): a setting, not a read. */
const SETTINGS = 'netlify/lib/appwrite.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx|mts)$/.test(e.name) ? [path] : [];
  });
}

const files = sources(join(ROOT, 'netlify')).map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }));

describe('the registrations module is the only reader of stored registrations', () => {
  it('is there', () => {
    expect(files.find((f) => f.path === OWNER)?.text).toContain('settings.collectionId');
  });

  it('makes a record of the record schema from whatever a document holds', () => {
    const hostile = [
      {},
      { full_name: 42, email: { $ne: '' }, phone: ['+1'], address: null, product_sku: true, submitted_at: 'not a date' },
      { full_name: 'Eve', status: 'confirmed', store: 'Downtown', flags: ['forged'], user_id: 'someone', extra: 'kept?', $secret: 1 },
      { submitted_at: '1999-01-01T00:00:00.000Z', image_file_id: 'a,b,../c' },
    ];
    const allowed = new Set(Object.keys(submissionSchema.shape));
    for (const fields of hostile) {
      const { record } = registrationOf({
        $id: 'reg1',
        $collectionId: 'submissions',
        $databaseId: 'warranty',
        $createdAt: '2026-11-20T10:00:00.000+00:00',
        $updatedAt: '2026-11-21T10:00:00.000+00:00',
        $permissions: [],
        $sequence: 1,
        ...fields,
      } as unknown as Models.Document);
      expect(submissionSchema.safeParse(record).success).toBe(true);
      expect(Object.keys(record).filter((k) => !allowed.has(k))).toEqual([]);
    }
  });

  it('reads a collection of text and dates only, whose pages JSON.parse reads exactly', () => {
    // Staff pages are read with JSON.parse (listRegistrationDocuments), which would round an integer past 2^53.
    const project = JSON.parse(readFileSync(join(ROOT, 'appwrite.json'), 'utf8')) as {
      collections: { $id: string; attributes: { key: string; type: string }[] }[];
    };
    const registrations = project.collections.find((c) => c.$id === 'submissions');
    expect(registrations?.attributes.length).toBeGreaterThan(0);
    expect(registrations?.attributes.filter((a) => a.type !== 'string' && a.type !== 'datetime')).toEqual([]);
  });

  it('no other server file names the registrations collection', () => {
    const naming = files
      .filter((f) => f.path !== OWNER && f.path !== SETTINGS)
      .filter((f) => /\bsettings\.collectionId\b|APPWRITE_COLLECTION_ID|['"`]submissions['"`]/.test(f.text))
      .map((f) => f.path);
    expect(naming).toEqual([]);
  });

  it('every other collection a server file reads is one of its own named collections', () => {
    // `collectionId: X` anywhere else must be a constant naming another collection (mail_state, rate_limits, ...).
    const loose = files
      .filter((f) => f.path !== OWNER && f.path !== SETTINGS)
      .flatMap((f) => [...f.text.matchAll(/collectionId:\s*([A-Za-z_.$]+)/g)].map((m) => `${f.path}: ${m[1]}`))
      .filter((use) => !/: ([A-Z][A-Z_]+|string)$/.test(use)); // a constant, or a parameter's type
    expect(loose).toEqual([]);
    // The mail sweep's pager takes its collection as an argument: it is given the mail state's alone.
    const sweep = files.find((f) => f.path === 'netlify/lib/mail/sweep.ts')!.text;
    const paged = [...sweep.matchAll(/\bpages\(([A-Za-z_]+)/g)].map((m) => m[1]);
    expect(paged.length).toBeGreaterThan(0);
    expect(paged.filter((c) => c !== 'MAIL_STATE_COLLECTION')).toEqual(['collectionId']); // its own signature
  });
});
