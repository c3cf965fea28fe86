import { describe, expect, it } from 'vitest';
import { compileQueries } from '../../../../server/appwrite/queries';
import type { CollectionInfo } from '../../../../server/appwrite/schema';

const col = {
  databaseId: 'db',
  id: 'col',
  attributes: new Map([
    ['email', { key: 'email', type: 'string', required: true, array: false, default: null, size: 100 }],
    ['tags', { key: 'tags', type: 'string', required: false, array: true, default: null, size: 20 }],
  ]),
} as unknown as CollectionInfo;

describe('compileQueries', () => {
  it('binds every value and never splices it into SQL', () => {
    const q = compileQueries([JSON.stringify({ method: 'equal', attribute: 'email', values: ["x' OR 1=1 --"] })], col);
    expect(q.where.join(' ')).not.toContain('OR 1=1');
    expect(q.params).toEqual(["x' OR 1=1 --"]);
  });

  it('reads limit, offset, cursor, order and select', () => {
    const q = compileQueries(
      [
        '{"method":"limit","values":[10]}',
        '{"method":"offset","values":[5]}',
        '{"method":"cursorAfter","values":["abc"]}',
        '{"method":"orderDesc","attribute":"$updatedAt"}',
        '{"method":"select","values":["email"]}',
      ],
      col,
    );
    expect(q).toMatchObject({ limit: 10, offset: 5, cursor: { id: 'abc', direction: 'after' }, select: ['email'] });
    expect(q.order).toEqual([{ expr: 'd.updated_at', attribute: '$updatedAt', desc: true }]);
  });

  it('escapes LIKE wildcards in contains', () => {
    const q = compileQueries(['{"method":"contains","attribute":"email","values":["50%_off"]}'], col);
    expect(q.params).toEqual(['%50\\%\\_off%']);
  });

  it('matches array attributes element by element', () => {
    const q = compileQueries(['{"method":"contains","attribute":"tags","values":["gold"]}'], col);
    expect(q.where[0]).toContain('json_each');
  });

  it.each([
    ['unknown attribute', '{"method":"equal","attribute":"password","values":["x"]}'],
    ['unknown method', '{"method":"sleep","values":[1]}'],
    ['not JSON', '{method'],
    ['limit too large', '{"method":"limit","values":[100000]}'],
    ['too many values', JSON.stringify({ method: 'equal', attribute: 'email', values: Array(501).fill('a') })],
  ])('refuses %s', (_name, raw) => {
    expect(() => compileQueries([raw], col)).toThrowError(/Invalid query/);
  });
});

describe('search', () => {
  const indexed = { ...col, indexes: [{ key: 'email_text', type: 'fulltext', attributes: ['email'], orders: [] }] } as CollectionInfo;
  const search = (text: string, c = indexed) =>
    compileQueries([JSON.stringify({ method: 'search', attribute: 'email', values: [text] })], c);

  it('needs a fulltext index on the attribute, as Appwrite does', () => {
    expect(() => search('ada', { ...col, indexes: [] } as CollectionInfo)).toThrow(
      'Invalid query: Searching by attribute "email" requires a fulltext index.',
    );
  });

  it('looks up terms of 3+ characters in the index as quoted strings, shorter ones with an escaped LIKE', () => {
    const q = search('ada "x" NEAR(a OR b) 5%');
    expect(q.fulltext?.match).toBe('"ada" """x""" "NEAR(a"');
    expect(q.params).toEqual(['"ada" """x""" "NEAR(a"', '%OR%', '%b)%', '%5\\%%']);
    expect(q.where).toHaveLength(4);
    expect(q.where[0]).toContain('MATCH ?');
    expect(search('  ').where).toEqual([]);
  });
});
