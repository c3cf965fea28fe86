// Changed rows put back into the newest-first list in one pass: replaced where they were, moved when newer.
import { describe, expect, it } from 'vitest';
import { mergeRows } from '@/features/staff/submissions/use-cached-rows';
import type { Submission } from '@/shared/contracts/submission';
import { submission } from '../../../../../helpers/fixtures';

const row = ($id: string, minute: number, full_name = $id) =>
  submission({ $id, $updatedAt: `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000+00:00`, full_name });
const ids = (list: Submission[]) => list.map((r) => r.$id);

describe('mergeRows', () => {
  const list = [row('d', 40), row('c', 30), row('b', 20), row('a', 10)];

  it('puts new and newer rows first, in order', () => {
    expect(ids(mergeRows(list, [row('e', 50), row('b', 45)]))).toEqual(['e', 'b', 'd', 'c', 'a']);
  });

  it('replaces a row changed in place (same time) where it stands', () => {
    const merged = mergeRows(list, [row('c', 30, 'Changed')]);
    expect(ids(merged)).toEqual(['d', 'c', 'b', 'a']);
    expect(merged[1]!.full_name).toBe('Changed');
  });

  it('keeps the unchanged row objects and breaks time ties by id', () => {
    const merged = mergeRows(list, [row('bb', 20)]);
    expect(ids(merged)).toEqual(['d', 'c', 'b', 'bb', 'a']);
    expect(merged[0]).toBe(list[0]);
    expect(mergeRows([], [row('x', 1), row('y', 2)]).map((r) => r.$id)).toEqual(['y', 'x']);
  });
});
