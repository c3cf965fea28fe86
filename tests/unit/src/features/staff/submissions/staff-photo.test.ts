// The staff photo page reads its file id from the path, and nothing that is not a file id.
import { describe, expect, it } from 'vitest';
import { photoIdOf } from '@/features/staff/submissions/staff-photo';

describe('photoIdOf', () => {
  it('reads the file id of /staff/photo/{fileId}', () => {
    expect(photoIdOf('/staff/photo/6b0893ab000e0a5e2093')).toBe('6b0893ab000e0a5e2093');
    expect(photoIdOf('/staff/photo/f_1.jpg/')).toBe('f_1.jpg');
  });

  it('gives nothing for another path, a missing id or one that is not a file id', () => {
    for (const path of ['/submission', '/staff/photo/', '/staff/photo/..%2Fsecrets', '/staff/photo/%E0%A4%A', '/staff/photo/a b'])
      expect(photoIdOf(path)).toBe('');
  });
});
