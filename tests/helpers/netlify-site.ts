// The deployed form, run the way Netlify runs it: `npm run dev:netlify` (Netlify's own emulation of dist/,
// netlify/functions and netlify.toml) on one origin, and the embedded server on another origin standing in for
// Appwrite Cloud and Supabase Auth. That backend is exposed as a cloud one is: it believes only its PUBLIC_URL,
// lets browsers in only from the site's origin (CORS_ORIGINS, Appwrite's "Web platform"), and mails the codes.
//
// The site starts once for the `deployed` project (tests/deployed/global-setup.ts): bundling the functions takes
// the emulation a while. Each test file then starts its own backend on the backend's address with a fresh DATA_DIR
// holding the same keys the site was deployed with, so every file starts from an empty project.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inContext, PHONE } from './browser';
import type { ServerConfig } from '../../server/config';
import { startTestServer, type TestServer } from './server';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';
import { STAFF } from './fixtures';
import { forSuite } from './suite';
import type { CodeSource } from './wizard-walk';

export type DeployedSite = {
  /** The site's origin, as customers and staff open it. */
  url: string;
  /** The backend's origin (its PUBLIC_URL), and its port. */
  backendUrl: string;
  backendPort: number;
  /** The backend's keys (DATA_DIR/secrets.json) the site was deployed with. */
  secretsFile: string;
  /** The site's console: the emulation's and the functions' output. */
  log: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    deployedSite: DeployedSite;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One test file's view of the deployment: the shared site, and a backend of its own behind the backend's address. */
export class Deployment {
  readonly site = inject('deployedSite');
  readonly url = this.site.url;
  readonly backendUrl = this.site.backendUrl;
  /** The backend now running (a new object after each start). */
  backend!: TestServer;
  backendUp = false;
  readonly mail: SmtpCatcher;
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'warranty-deployed-'));
  private readonly backendConfig: Partial<ServerConfig>;

  private constructor(mail: SmtpCatcher) {
    this.mail = mail;
    copyFileSync(this.site.secretsFile, join(this.dataDir, 'secrets.json'));
    this.backendConfig = {
      port: this.site.backendPort,
      publicUrl: this.backendUrl,
      corsOrigins: [this.url],
      smtpUrl: mail.url,
      staffEmail: STAFF.email,
      staffPassword: STAFF.password,
    };
  }

  static async start(): Promise<Deployment> {
    const d = new Deployment(await startSmtpCatcher());
    try {
      await d.startBackend();
    } catch (err) {
      await d.dispose();
      throw err;
    }
    return d;
  }

  /** Codes as the customer receives them: from the mail server the backend sends to. */
  readonly codes: CodeSource = {
    latest: async (email) => {
      try {
        return this.mail.codeFor(email);
      } catch {
        return undefined;
      }
    },
    next: async (email, notBefore) => {
      for (let i = 0; i < 100; i++) {
        const code = await this.codes.latest(email);
        if (code && code !== notBefore) return code;
        await sleep(100);
      }
      throw new Error(`no new code was mailed to ${email}`);
    },
  };

  /** The site's console so far (the emulation's and the functions' output). */
  siteOutput = () => readFileSync(this.site.log, 'utf8');

  async startBackend() {
    this.backend = await startTestServer(this.backendConfig, this.dataDir);
    this.backendUp = true;
  }

  async stopBackend() {
    this.backendUp = false;
    await this.backend.close();
  }

  async dispose() {
    if (this.backendUp) await this.backend.close().catch(() => undefined);
    await this.mail.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A deployment for the calling describe block (see `forSuite`): its own backend, the shared site. */
export const deploymentForSuite = (): Deployment =>
  forSuite(
    () => Deployment.start(),
    (d) => d.dispose(),
  );

/**
 * Runs `use` on a phone-size page of a new context of `browser`, with the page's Content Security Policy and CORS
 * errors gathered in `blocked`; when it fails, the site's output is printed. The context is closed however it ends.
 */
export async function onSitePage(
  d: Deployment,
  browser: Browser,
  use: (page: Page, blocked: string[], context: BrowserContext) => Promise<void>,
): Promise<void> {
  const blocked: string[] = [];
  await inContext(browser, PHONE, async (page, context) => {
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|CORS/.test(m.text())) blocked.push(m.text());
    });
    try {
      await use(page, blocked, context);
    } catch (err) {
      console.error(d.siteOutput());
      throw err;
    }
  });
}
