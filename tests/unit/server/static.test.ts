// server/static.ts over real files: a route's own page (login.html for /login), the prerendered start page for /
// (start.html) with this server's product name, the app shell (index.html) for every other page,
// no page for files or non-HTML requests, and revalidated HTML under the CSP.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStaticSite, withProductName } from '../../../server/static';

describe('static site', () => {
  let dir: string;
  let app: Hono;
  const get = (path: string, accept = 'text/html') => app.request(path, { headers: { Accept: accept } });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title><p>index</p>');
    writeFileSync(
      join(dir, 'login.html'),
      '<!doctype html><title>app</title><link rel="modulepreload" href="/assets/wizard.js"><p>login</p>',
    );
    writeFileSync(join(dir, 'assets', 'wizard.js'), 'export const wizard = 1;');
    const site = loadStaticSite(dir);
    app = new Hono();
    app.use(async (c) => site.serve(c) ?? c.json({ message: 'Not found.' }, 404));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves /login from login.html, with or without a trailing slash', async () => {
    for (const path of ['/login', '/login/']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<p>login</p>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('serves index.html for other pages, including the staff sign-in under /login/', async () => {
    for (const path of ['/', '/home', '/login/staff', '/submission'])
      expect(await (await get(path)).text(), path).toContain('<p>index</p>');
  });

  it('gives no page to requests that do not ask for HTML, or to missing files', async () => {
    expect((await get('/login', 'application/json')).status).toBe(404);
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/assets/wizard.js', '*/*')).headers.get('cache-control')).toContain('immutable');
  });
});

describe('static site with a prerendered start page', () => {
  let dir: string;
  const START =
    '<!doctype html><title>Warranty Registration</title><meta name="application-name" content="Warranty Registration" />' +
    '<div id="root" data-prerendered="/"><img alt="Warranty Registration logo"/><h1>Warranty Registration<!-- --> Form</h1>' +
    '<a href="/login">Start</a></div>';

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'static-'));
    writeFileSync(join(dir, 'start.html'), START);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Warranty Registration</title><p>shell</p>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const siteApp = (productName?: string) => {
    const site = loadStaticSite(dir, [], productName);
    const app = new Hono();
    app.use(async (c) => site.serve(c) ?? c.json({ message: 'Not found.' }, 404));
    return async (path: string) => (await app.request(path, { headers: { Accept: 'text/html' } })).text();
  };

  it('serves / from the start page and every other page from the shell', async () => {
    const get = siteApp('Warranty Registration');
    expect(await get('/')).toBe(START);
    for (const path of ['/home', '/login', '/login/staff', '/submission', '/no/such/page'])
      expect(await get(path), path).toContain('<p>shell</p>');
  });

  it('puts this server’s product name into the start page, escaped as React writes it', async () => {
    const html = await siteApp('Maison & "Aurum" <Fine>')('/');
    const name = 'Maison &amp; &quot;Aurum&quot; &lt;Fine&gt;';
    expect(html).toContain(`<title>${name}</title>`);
    expect(html).toContain(`<meta name="application-name" content="${name}" />`);
    expect(html).toContain(`<img alt="${name} logo"/>`);
    expect(html).toContain(`<h1>${name}<!-- --> Form</h1>`);
    expect(html).not.toContain('Warranty Registration');
  });

  it('leaves a page without the build’s product name as it is', () => {
    expect(withProductName('<p>Warranty Registration</p>', 'Other')).toBe('<p>Warranty Registration</p>');
    expect(withProductName(START, "O'Neil")).toContain('<h1>O&#x27;Neil<!-- --> Form</h1>');
  });
});
