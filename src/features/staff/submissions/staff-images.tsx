// Registration photos through the staff-only image path, fetched
// with the bearer token into object URLs, kept in memory, a few at a time, and only for previews left on screen.
import { useEffect, useState } from 'react';
import { callFunction } from '@/lib/functions';

export type TokenSource = () => Promise<string | null>;

const MAX_CACHED = 600;
const MAX_PARALLEL = 6;
/** A preview that scrolls past faster than this is never requested. */
const SETTLE_MS = 120;

const cache = new Map<string, Promise<string | null>>();
/** Object URLs already fetched, to show at once when a row comes back on screen. */
const ready = new Map<string, string>();
const queue: (() => void)[] = [];
let active = 0;

function slot(): Promise<() => void> {
  return new Promise((resolve) => {
    const start = () => {
      active++;
      resolve(() => {
        active--;
        queue.shift()?.();
      });
    };
    if (active < MAX_PARALLEL) start();
    else queue.push(start);
  });
}

async function load(id: string, width: number, token: TokenSource): Promise<string | null> {
  const release = await slot();
  try {
    const bearer = await token();
    if (!bearer) return null;
    const answer = await callFunction('staffImage', { query: { id, width }, staffToken: bearer });
    return answer.ok ? URL.createObjectURL(answer.data) : null;
  } catch {
    return null;
  } finally {
    release();
  }
}

/** An object URL for the preview of `id`, or null when it cannot be had (failures are tried again later). */
export function staffImageUrl(id: string, width: number, token: TokenSource): Promise<string | null> {
  const key = `${id}@${width}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const p = load(id, width, token);
  cache.set(key, p);
  void p.then((url) => {
    if (!url) cache.delete(key);
    else if (cache.get(key) === p) ready.set(key, url);
  });
  while (cache.size > MAX_CACHED) {
    const [oldKey, oldUrl] = cache.entries().next().value!;
    cache.delete(oldKey);
    ready.delete(oldKey);
    void oldUrl.then((u) => u && URL.revokeObjectURL(u));
  }
  return p;
}

/** A preview `width` px wide: a blank box while loading, nothing at all when the image cannot be fetched. */
export function StaffImage({ id, width, token, className }: { id: string; width: number; token: TokenSource; className: string }) {
  const key = `${id}@${width * 2}`;
  const [url, setUrl] = useState<string | null | undefined>(() => ready.get(key));
  useEffect(() => {
    let live = true;
    setUrl(ready.get(key));
    const timer = setTimeout(() => void staffImageUrl(id, width * 2, token).then((u) => live && setUrl(u)), ready.has(key) ? 0 : SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, key, width, token]);
  if (url === null) return null;
  if (url === undefined) return <span className={`${className} ${className}--loading`} aria-hidden="true" />;
  return <img className={className} src={url} alt={`Photo ${id}`} width={width} onError={() => setUrl(null)} />;
}
