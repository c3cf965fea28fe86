// axe-core (WCAG 2.2 A and AA) on a page as it is now. Evaluated through the DevTools protocol: the app's CSP rightly
// refuses injected script tags; works in any context, persistent ones too.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };

/** The violations found, as `rule: where, where`. */
export async function axeFindings(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<AxeResult> } }).axe;
    const { violations } = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
