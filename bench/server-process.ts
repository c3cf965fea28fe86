// Runs bench/serve.ts as a separate process and hands back its address and API key.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export type BenchServer = {
  base: string;
  port: number;
  apiKey: string;
  anonKey: string;
  staff: { email: string; password: string };
  pid: number;
  stop(): Promise<void>;
};

const SERVE = fileURLToPath(new URL('./serve.ts', import.meta.url));

type Options = {
  /** A DATA_DIR to serve (kept after), instead of a fresh temporary one. */
  dataDir?: string;
  /** The app build to serve. */
  staticDir?: string;
  staff?: { email: string; password: string };
};

export async function startServerProcess(timeoutMs = 30_000, opts: Options = {}): Promise<BenchServer> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (opts.dataDir) env.BENCH_DATA_DIR = opts.dataDir;
  if (opts.staticDir) env.BENCH_STATIC_DIR = opts.staticDir;
  if (opts.staff) Object.assign(env, { STAFF_EMAIL: opts.staff.email, STAFF_PASSWORD: opts.staff.password });
  // BENCH_SERVER_PROFILE=dir: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', SERVE], { stdio: ['pipe', 'pipe', 'inherit'], env });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start within ${timeoutMs} ms`)), timeoutMs);
      createInterface({ input: child.stdout! }).once('line', (l) => (clearTimeout(timer), resolve(l)));
      child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`server exited with code ${code}`))));
    });
    const { port, apiKey, anonKey, staff } = JSON.parse(line) as Omit<BenchServer, 'base' | 'pid' | 'stop'>;
    return { base: `http://127.0.0.1:${port}`, port, apiKey, anonKey, staff, pid: child.pid!, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
