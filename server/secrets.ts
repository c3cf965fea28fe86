// Keys the embedded server makes once and keeps in DATA_DIR/secrets.json (mode 600).
// They never leave the server, except the anon key, which is public by design.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type Secrets = {
  apiKey: string;
  jwtSecret: string;
  otpPepper: string;
  anonKey: string;
  /** The P-256 private key (JWK with kid) that signs staff access tokens (ES256); its public half is the JWKS. */
  authSigningKey: EcPrivateJwk;
};

export type EcPrivateJwk = { kty: 'EC'; crv: 'P-256'; x: string; y: string; d: string; kid: string; alg: 'ES256' };

export function generateSigningKey(): EcPrivateJwk {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  return { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y!, d: jwk.d!, kid: randomBytes(8).toString('hex'), alg: 'ES256' };
}

const make = (): Secrets => ({
  apiKey: `standard_${randomBytes(32).toString('hex')}`,
  jwtSecret: randomBytes(32).toString('hex'),
  otpPepper: randomBytes(16).toString('hex'),
  anonKey: `sb_publishable_${randomBytes(18).toString('base64url')}`,
  authSigningKey: generateSigningKey(),
});

export function loadSecrets(dataDir: string): Secrets {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'secrets.json');
  const fresh = make();
  if (existsSync(path)) {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as Partial<Secrets>;
    const merged = { ...fresh, ...stored };
    if (Object.keys(stored).length !== Object.keys(merged).length) writeFileSync(path, JSON.stringify(merged, null, 2), { mode: 0o600 });
    return merged;
  }
  writeFileSync(path, JSON.stringify(fresh, null, 2), { mode: 0o600 });
  return fresh;
}
