// The `deployed` project's site, started once (after tests/e2e/global-setup.ts has run `npm run build`): the rest of
// netlify.toml's build command, then `npm run dev:netlify` without its build. Its backend's address and keys are
// fixed here; each test file runs a backend of its own there (tests/helpers/netlify-site.ts).
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, netlifyBuildCommand } from '../../scripts/lib/netlify-site';
import { loadSecrets } from '../../server/secrets';
import { chromiumPath } from '../helpers/browser';
import type { DeployedSite } from '../helpers/netlify-site';

/** netlify.toml's build command: the e2e global setup runs `npm run build`, this setup the rest. */
const BUILD = 'npm run build && npx tsx scripts/write-app-config.ts';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Writes the deployment's files as Netlify's build does and starts `npm run dev:netlify` (without its build). */
async function startDeployedSite(): Promise<{ site: DeployedSite; stop(): Promise<void> }> {
  const command = netlifyBuildCommand();
  if (command !== BUILD) throw new Error(`netlify.toml's build command is now "${command}": make this rig do the same.`);
  const dir = mkdtempSync(join(tmpdir(), 'warranty-site-'));
  const [sitePort, backendPort] = [await freePort(), await freePort()];
  const site: DeployedSite = {
    url: `http://localhost:${sitePort}`,
    backendUrl: `http://127.0.0.1:${backendPort}`,
    backendPort,
    secretsFile: join(dir, 'secrets.json'),
    log: join(dir, 'site.log'),
  };
  // The backend's DATA_DIR is made as the embedded server makes it; the site's settings come from there.
  const secrets = loadSecrets(dir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APPWRITE_ENDPOINT: `${site.backendUrl}/v1`,
    APPWRITE_PROJECT_ID: 'warranty',
    APPWRITE_API_KEY: secrets.apiKey,
    SUPABASE_URL: site.backendUrl,
    SUPABASE_ANON_KEY: secrets.anonKey,
  };
  delete env.DATA_DIR;
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/write-app-config.ts'], { cwd: ROOT, env, stdio: 'pipe' });

  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/netlify-dev.ts', '--no-build', '--port', String(sitePort), '--host', '127.0.0.1'],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const log = createWriteStream(site.log);
  let out = '';
  for (const stream of [child.stdout!, child.stderr!])
    stream.on('data', (b: Buffer) => {
      out += b;
      log.write(b);
    });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    log.end();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the Netlify emulation did not start:\n${out}`)), 240_000);
      child.stdout!.on('data', () => {
        if (out.includes(`running at ${site.url}`)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the Netlify emulation exited with ${code}:\n${out}`));
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { site, stop };
}

export default async function setup(project: TestProject) {
  if (!chromiumPath) return; // the journeys are skipped (tests/helpers/browser.ts says so loudly)
  const { site, stop } = await startDeployedSite();
  project.provide('deployedSite', site);
  return stop;
}
