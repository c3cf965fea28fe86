// The submission record is defined once (its zod schema); appwrite.json declares exactly its stored attributes,
// with the sizes the schema allows.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProjectFile } from '../../../../../server/appwrite/project-file';
import { COMPUTED_FIELDS, fieldsSchema, SUBMISSION_ATTRIBUTES, submissionSchema } from '@/shared/contracts/submission';
import { SEARCH_TEXT_ATTRIBUTE, SEARCH_TEXT_SIZE } from '@/shared/search-text';

const project = parseProjectFile(JSON.parse(readFileSync(new URL('../../../../../appwrite.json', import.meta.url), 'utf8')));
const submissions = project.collections.find((c) => c.$id === 'submissions')!;

describe('the submission record', () => {
  it('is what appwrite.json stores, attribute for attribute, beside the server’s search text', () => {
    expect(submissions.attributes.map((a) => a.key).sort()).toEqual([...SUBMISSION_ATTRIBUTES, SEARCH_TEXT_ATTRIBUTE].sort());
    expect(submissions.attributes.find((a) => a.key === SEARCH_TEXT_ATTRIBUTE)?.size).toBe(SEARCH_TEXT_SIZE);
    expect(submissions.indexes.find((i) => i.attributes.join() === SEARCH_TEXT_ATTRIBUTE)?.type).toBe('fulltext');
    const computed: readonly string[] = COMPUTED_FIELDS;
    const listed = Object.keys(submissionSchema.shape).filter((k) => !k.startsWith('$') && !computed.includes(k));
    for (const key of listed) expect(SUBMISSION_ATTRIBUTES, key).toContain(key);
  });

  it('allows no longer text than each attribute holds', () => {
    for (const [key, schema] of Object.entries(fieldsSchema.shape)) {
      const attribute = submissions.attributes.find((a) => a.key === key)!;
      expect(attribute.type, key).toBe('string');
      const tooLong = 'x'.repeat(attribute.size! + 1);
      expect(schema.safeParse(tooLong).success, `${key} over ${attribute.size}`).toBe(false);
    }
  });
});
