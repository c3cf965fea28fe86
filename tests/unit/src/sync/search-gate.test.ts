// A server search goes before the first fill's next page: the fill waits from the keystroke until the search has
// answered, through a search typed as the one before it ends, and no longer than two seconds in all.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdForSearch, searchesAnswered } from '@/sync/search-gate';

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

describe('the search gate', () => {
  afterEach(() => vi.useRealTimers());

  it('lets the fill go at once when no search is on its way', async () => {
    expect(await settled(searchesAnswered())).toBe(true);
  });

  it('holds the fill until the search is released, however often it is released', async () => {
    const release = holdForSearch();
    const fill = searchesAnswered();
    expect(await settled(fill)).toBe(false);
    release();
    release();
    expect(await settled(fill)).toBe(true);
    // A second release did not let a later search's hold go.
    const next = holdForSearch();
    expect(await settled(searchesAnswered())).toBe(false);
    next();
  });

  it('keeps holding when the next keystroke holds as the last search lets go', async () => {
    const first = holdForSearch();
    const fill = searchesAnswered();
    first();
    const second = holdForSearch();
    expect(await settled(fill)).toBe(false);
    second();
    expect(await settled(fill)).toBe(true);
  });

  it('holds the fill no longer than two seconds in all for searches that do not answer', async () => {
    vi.useFakeTimers();
    const first = holdForSearch();
    const fill = searchesAnswered();
    await vi.advanceTimersByTimeAsync(1_000);
    first();
    const second = holdForSearch();
    await vi.advanceTimersByTimeAsync(900);
    expect(await settled(fill)).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await settled(fill)).toBe(true);
    second();
  });
});
