// `npm start` reads ./.env; what the environment already says wins.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDotEnv } from '../../../server/env-file';

const keys = ['ENV_FILE_TEST_PORT', 'ENV_FILE_TEST_NAME'];
afterEach(() => keys.forEach((k) => delete process.env[k]));

describe('loadDotEnv', () => {
  it('sets what the file says and keeps what the environment already has', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'env-')), '.env');
    writeFileSync(file, '# the store\nENV_FILE_TEST_PORT=9999\nENV_FILE_TEST_NAME="Maison Lumière"\n');
    process.env.ENV_FILE_TEST_PORT = '8888';
    expect(loadDotEnv(file)).toBe(true);
    expect(process.env.ENV_FILE_TEST_PORT).toBe('8888');
    expect(process.env.ENV_FILE_TEST_NAME).toBe('Maison Lumière');
  });

  it('does nothing without a file', () => {
    expect(loadDotEnv(join(tmpdir(), 'no-such-folder', '.env'))).toBe(false);
    expect(process.env.ENV_FILE_TEST_NAME).toBeUndefined();
  });
});
