// Chromium as a customer's browser runs: started on its own, with a profile Playwright prepared, and driven over the
// DevTools protocol with Runtime.evaluate only. Playwright turns on the protocol's Network domain for every page it
// drives, and Chromium then reports every request to it: measured here, that doubles Chromium's own work per request
// (3.2–3.8 ms per fetch bare, 4.7–6.4 ms under Playwright). Parts whose figure is the browser's work per request (the
// outbox drain) run here instead, so the harness is not counted as the product's cost.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { ARGS, chromiumPath } from '../tests/helpers/browser';

export type BarePage = {
  /** Evaluates `expression` in the page, awaiting a promise; its value, or the page's exception thrown here. */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
};

type Message = { id?: number; result?: Record<string, unknown>; error?: { message: string } };

/** The longest any one call may take (the drain itself stops at 120 s). */
const CALL_LIMIT_MS = 180_000;

async function devToolsAddress(userDataDir: string, timeoutMs: number): Promise<string> {
  const file = join(userDataDir, 'DevToolsActivePort');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const [port, path] = text.trim().split('\n');
    if (port && path) return `ws://127.0.0.1:${port}${path}`;
    if (Date.now() > until) throw new Error(`Chromium did not open its DevTools port within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Opens `url` in Chromium with the profile at `userDataDir` (closed by whoever wrote it). `beforeLoad` runs in the page
 * before its own scripts, on every load.
 */
export async function openBare(userDataDir: string, url: string, beforeLoad = ''): Promise<BarePage> {
  // A process group of its own, so its helpers (zygotes, utilities) go with it.
  const child = spawn(chromiumPath!, [...ARGS, `--user-data-dir=${userDataDir}`, '--remote-debugging-port=0', 'about:blank'], {
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ws = new WebSocket(await devToolsAddress(userDataDir, 30_000));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let next = 0;
  const waiting = new Map<number, (m: Message) => void>();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as Message;
    if (m.id !== undefined) waiting.get(m.id)?.(m);
    if (m.id !== undefined) waiting.delete(m.id);
  });
  // A browser that went away answers every call still waiting with an error, never with silence.
  ws.on('close', () => {
    for (const answer of waiting.values()) answer({ error: { message: 'Chromium closed the connection' } });
    waiting.clear();
  });
  const send = async (method: string, params: object = {}, sessionId?: string): Promise<Record<string, unknown>> => {
    const id = ++next;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const answer = new Promise<Message>((resolve) => {
      waiting.set(id, resolve);
      timer = setTimeout(() => resolve({ error: { message: `no answer within ${CALL_LIMIT_MS / 1000} s` } }), CALL_LIMIT_MS);
    });
    ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    const m = await answer.finally(() => clearTimeout(timer));
    waiting.delete(id);
    if (m.error) throw new Error(`${method}: ${m.error.message}`);
    return m.result ?? {};
  };
  const { targetId } = (await send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
  const { sessionId } = (await send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
  if (beforeLoad) {
    await send('Page.enable', {}, sessionId);
    await send('Page.addScriptToEvaluateOnNewDocument', { source: beforeLoad }, sessionId);
  }
  await send('Page.navigate', { url }, sessionId);

  const evaluate = async <T>(expression: string): Promise<T> => {
    const r = (await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId)) as {
      result: { value: T };
      exceptionDetails?: { exception?: { description?: string }; text: string };
    };
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value;
  };
  return {
    evaluate,
    async close() {
      await send('Browser.close').catch(() => undefined);
      ws.close();
      const group = () => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* gone already */
        }
      };
      const timer = setTimeout(group, 5_000);
      await exited;
      clearTimeout(timer);
      group(); // any helper left behind
    },
  };
}
