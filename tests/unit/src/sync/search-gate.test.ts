// A server search goes before the first fill's next page: the fill waits while one is on its way, and no longer than
// two seconds for a slow one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchesAnswered, searchFirst } from '@/sync/search-gate';

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('the search gate', () => {
  afterEach(() => vi.useRealTimers());

  it('lets the fill go at once when no search is on its way', async () => {
    expect(await settled(searchesAnswered())).toBe(true);
  });

  it('holds the fill until the search answers, and the search keeps its answer', async () => {
    let answer!: (v: string) => void;
    const search = searchFirst(() => new Promise<string>((r) => (answer = r)));
    const fill = searchesAnswered();
    expect(await settled(fill)).toBe(false);
    answer('rows');
    expect(await search).toBe('rows');
    expect(await settled(fill)).toBe(true);
  });

  it('lets the fill go when a failed search ends too', async () => {
    const search = searchFirst(() => Promise.reject(new Error('offline')));
    const fill = searchesAnswered();
    await expect(search).rejects.toThrow('offline');
    expect(await settled(fill)).toBe(true);
  });

  it('holds the fill no longer than two seconds for a search that does not answer', async () => {
    vi.useFakeTimers();
    void searchFirst(() => new Promise(() => undefined));
    const fill = searchesAnswered();
    await vi.advanceTimersByTimeAsync(1_900);
    expect(await settled(fill)).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await settled(fill)).toBe(true);
  });
});
