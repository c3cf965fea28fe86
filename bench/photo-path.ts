// Our photo path against sending the original, side by side in one run: a 12 MP photo chosen on step 6 of the built
// app, made small and kept as the app keeps it, then uploaded to the server's storage route as the app sends photos
// (the web SDK's createFile: the same multipart request, the same headers), and the original file uploaded the same
// way; only the file in the body differs. The link is throttled in Chromium (CDP network emulation) to Lighthouse's
// mobile figures: 1.6 Mbps each way, 150 ms latency.
import type { Page } from 'playwright-core';
import { chromiumPath, launch, PHONE } from '../tests/helpers/browser';
import { makeJpeg } from '../tests/helpers/fixtures';
import { startTestServer, type TestServer } from '../tests/helpers/server';
import { appBuild, NAME_SHIM } from './app-build';
import { round, type Row } from './common';
import { addPhotos, PROBES, walkToProducts } from './wizard';

const MBPS = 1.6;
const LATENCY_MS = 150;
const RUNS = 3;
const kb = (n: number) => round(n / 1024, 1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Upload = { ms: number; bytes: number; status: number };

/**
 * Uploads the original photo (the bytes addPhotos put in the page) or the copy the app stored last, as the app's
 * outbox does: POST {endpoint}/storage/buckets/{bucket}/files, multipart fileId, file, permissions[], with the project
 * and the session the web SDK sends. Times the request until its answer is read.
 */
const upload = (page: Page, which: 'original' | 'stored', fileId: string): Promise<Upload> =>
  page.evaluate(
    async ({ which, fileId }) => {
      const w = window as unknown as { __photo: Uint8Array<ArrayBuffer>; __stored: { blob: Blob }[] };
      const config = (await (await fetch('/app-config.json')).json()) as {
        appwriteEndpoint: string;
        appwriteProjectId: string;
        bucketId: string;
      };
      const headers: Record<string, string> = {
        'x-sdk-name': 'Web',
        'x-sdk-platform': 'client',
        'x-sdk-language': 'web',
        'x-sdk-version': '28.0.0',
        'X-Appwrite-Response-Format': '2.3.0',
        'X-Appwrite-Project': config.appwriteProjectId,
      };
      const fallback = localStorage.getItem('cookieFallback');
      if (fallback) headers['X-Fallback-Cookies'] = fallback;
      const account = (await (await fetch(`${config.appwriteEndpoint}/account`, { headers, credentials: 'include' })).json()) as {
        $id: string;
      };
      const blob = which === 'original' ? new Blob([w.__photo], { type: 'image/jpeg' }) : w.__stored.at(-1)!.blob;
      const body = new FormData();
      body.append('fileId', fileId);
      body.append('file', new File([blob], 'ring.jpg', { type: 'image/jpeg' }));
      body.append('permissions[]', `read("user:${account.$id}")`);
      const t0 = performance.now();
      const res = await fetch(`${config.appwriteEndpoint}/storage/buckets/${config.bucketId}/files`, {
        method: 'POST',
        headers,
        body,
        credentials: 'include',
      });
      await res.arrayBuffer();
      return { ms: performance.now() - t0, bytes: blob.size, status: res.status };
    },
    { which, fileId },
  );

async function sideBySide(page: Page, server: TestServer, photo: Buffer): Promise<Row[]> {
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  await walkToProducts(page, server, 'bench.photo-path@example.com');
  await addPhotos(page, photo, 1, 0); // the photo code and its worker loaded, as the service worker has them offline

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: (MBPS * 1e6) / 8,
    uploadThroughput: (MBPS * 1e6) / 8,
  });
  const run = Date.now().toString(36);
  const original: Upload[] = [];
  const ours: (Upload & { storedMs: number })[] = [];
  try {
    for (let i = 1; i <= RUNS; i++) {
      original.push(await upload(page, 'original', `o${run}${i}`));
      const { ms } = await addPhotos(page, photo, 1, i);
      ours.push({ ...(await upload(page, 'stored', `s${run}${i}`)), storedMs: ms[0]! });
    }
  } finally {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  }
  const failed = [...original, ...ours].filter((u) => u.status !== 201).length;
  const originalMs = median(original.map((u) => u.ms));
  const oursMs = median(ours.map((u) => u.storedMs + u.ms));
  const oursUploadMs = median(ours.map((u) => u.ms));
  const link = `${MBPS} Mbps each way, ${LATENCY_MS} ms latency`;
  const [originalBytes, oursBytes] = [original[0]!.bytes, ours[0]!.bytes];
  return [
    { name: `12 MP photo sent as chosen (4000x3000 JPEG): bytes`, value: kb(originalBytes), unit: 'KB' },
    { name: `12 MP photo sent as the app keeps it (made small on the device): bytes`, value: kb(oursBytes), unit: 'KB' },
    { name: `12 MP photo: bytes sent, as chosen ÷ as the app sends it`, value: round(originalBytes / oursBytes, 1), unit: '×' },
    {
      name: `12 MP photo as chosen uploaded to the storage route at ${link}, median of ${RUNS}`,
      value: round(originalMs, 0),
      unit: 'ms',
    },
    {
      name: `12 MP photo through our path at ${link}: chosen → made small and stored → uploaded the same way, median of ${RUNS} (the upload alone: ${round(oursUploadMs, 0)} ms)`,
      value: round(oursMs, 0),
      unit: 'ms',
    },
    { name: `12 MP photo: time to the server, as chosen ÷ our path`, value: round(originalMs / oursMs, 1), unit: '×' },
    { name: `photo uploads the storage route refused (of ${RUNS * 2})`, value: failed, unit: 'uploads', target: '0', pass: failed === 0 },
  ];
}

export async function benchPhotoPath(): Promise<Row[]> {
  if (!chromiumPath) return [{ name: 'photo path in Chromium (no Chromium found)', value: 'skipped', unit: '' }];
  const dist = appBuild();
  const server = await startTestServer({ staticDir: dist });
  try {
    const browser = await launch();
    try {
      const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
      await context.addInitScript(NAME_SHIM);
      await context.addInitScript({ content: PROBES });
      try {
        return await sideBySide(
          await context.newPage(),
          server,
          await makeJpeg({ look: 'camera', width: 4000, height: 3000, quality: 90 }),
        );
      } finally {
        await context.close();
      }
    } finally {
      await browser.close();
    }
  } finally {
    await server.dispose();
  }
}
