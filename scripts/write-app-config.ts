// On Netlify, after the build: writes dist/app-config.json and dist/_headers from the build environment, so the one
// build reads its deployment's settings at run time (as it does from the embedded server) and its
// Content-Security-Policy names that deployment's backends, self-hosted or cloud.
import { writeFileSync } from 'node:fs';
import { deploymentFiles, MissingSetting } from './lib/deployment-files';

try {
  const { config, headers } = deploymentFiles(process.env);
  writeFileSync(new URL('../dist/app-config.json', import.meta.url), JSON.stringify(config, null, 2));
  writeFileSync(new URL('../dist/_headers', import.meta.url), headers);
  console.log('dist/app-config.json and dist/_headers written');
} catch (err) {
  if (!(err instanceof MissingSetting)) throw err;
  console.error(`write-app-config: ${err.message}`);
  process.exit(1);
}
