// The functions contract and the functions agree: every listed function has its file, every file is listed, and
// each answers its contract's method only and checks its caller before anything else.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS, FUNCTION_NAMES, functionPath, isFunctionName, SCHEDULED_FUNCTIONS } from '@/shared/contracts/function-names';
import { functionSchemas } from '@/shared/contracts/functions';
import { functionUrl } from '@/lib/functions';
import { defineFunction } from '../../../../netlify/lib/define';

const files = readdirSync(new URL('../../../../netlify/functions/', import.meta.url)).filter((f) => f.endsWith('.ts'));

describe('functions contract', () => {
  it('lists exactly the functions that have a file', () => {
    expect(files.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual([...FUNCTION_NAMES, ...SCHEDULED_FUNCTIONS].sort());
    expect(Object.keys(functionSchemas).sort()).toEqual([...FUNCTION_NAMES].sort());
  });

  it('refuses every other method and an unknown caller before reading anything', async () => {
    for (const name of FUNCTION_NAMES) {
      const fn = (await import(`../../../../netlify/functions/${name}.ts`)) as { default: (req: Request) => Promise<Response> };
      const other = FUNCTIONS[name].method === 'GET' ? 'POST' : 'GET';
      const wrong = await fn.default(new Request(`http://localhost${functionPath(name)}`, { method: other }));
      expect(`${name} ${wrong.status}`).toBe(`${name} 405`);
      if (FUNCTIONS[name].caller !== 'anyone') {
        const init: RequestInit = { method: FUNCTIONS[name].method, ...(FUNCTIONS[name].method === 'POST' ? { body: '{}' } : {}) };
        const anonymous = await fn.default(new Request(`http://localhost${functionPath(name)}`, init));
        expect(`${name} ${anonymous.status}`).toBe(`${name} 401`);
      }
    }
  });

  it('holds every handler to its contract’s answer (checked by tsc)', () => {
    // @ts-expect-error listCounters answers {counters: [...]}, not the list itself
    expect(typeof defineFunction('listCounters', async () => [])).toBe('function');
    // @ts-expect-error a function that answers JSON cannot answer a bare Response (json(...) types it)
    expect(typeof defineFunction('getIntegrationLog', async () => new Response('{}'))).toBe('function');
    expect(typeof defineFunction('staffImage', async () => new Response(new Uint8Array()))).toBe('function');
  });

  it('gives the browser one way to name a function', () => {
    expect(functionUrl('googleplaces', { input: '12 Elm', sessiontoken: undefined })).toBe('/.netlify/functions/googleplaces?input=12+Elm');
    expect(functionUrl('getSubmissions', {}, 'http://127.0.0.1:9')).toBe('http://127.0.0.1:9/.netlify/functions/getSubmissions');
    expect(isFunctionName('getSubmissions')).toBe(true);
    expect(isFunctionName('constructor')).toBe(false);
  });
});
