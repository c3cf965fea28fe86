import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig, parseRuntimeConfig } from '@/lib/runtime-config';
import { runtimeConfig } from '../../../helpers/fixtures';

const valid = runtimeConfig();

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};

describe('runtime configuration', () => {
  it('names the first bad field', () => {
    expect(() => parseRuntimeConfig({ ...valid, bucketId: '' })).toThrowError('"bucketId"');
    expect(() => parseRuntimeConfig({ ...valid, brand: { ...valid.brand, accent: 'gold' } })).toThrowError('"brand.accent"');
  });

  it('gives a counter the default pacing when the file has none, and keeps the one it has', () => {
    const { counter: _counter, ...older } = valid;
    expect(parseRuntimeConfig(older).counter).toEqual({ thanksSeconds: 20, idleSeconds: 90, warningSeconds: 30 });
    expect(parseRuntimeConfig({ ...valid, counter: { thanksSeconds: 5, idleSeconds: 8, warningSeconds: 3 } }).counter).toEqual({
      thanksSeconds: 5,
      idleSeconds: 8,
      warningSeconds: 3,
    });
  });

  it('falls back to the copy saved by the last start when offline', async () => {
    const storage = memory();
    const online = async () => Response.json(valid);
    await loadRuntimeConfig(online as typeof fetch, storage);
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(loadRuntimeConfig(offline as typeof fetch, storage)).resolves.toEqual(valid);
  });

  it('fails clearly when offline on the very first start', async () => {
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(loadRuntimeConfig(offline as typeof fetch, memory())).rejects.toThrow('Failed to fetch');
  });
});
