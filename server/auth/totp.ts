// TOTP second factors (RFC 6238: SHA-1, 30 s steps, 6 digits) through the otpauth library, with the replay rule
// GoTrue keeps: a step once accepted, or any step before it, is refused.
import { timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_STEP_S = 30;
export const TOTP_DIGITS = 6;

const totpOf = (secret: string, digits = TOTP_DIGITS, issuer = '', label = '') =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits, period: TOTP_STEP_S, issuer, label, issuerInLabel: true });

/** A new 160-bit shared secret (RFC 4226 recommends 160 bits), base32 as authenticator apps expect. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const stepAt = (ms: number) => Math.floor(ms / 1000 / TOTP_STEP_S);

/** The code a base32 secret shows at time `ms`. */
export const totpAt = (secret: string, ms = Date.now(), digits = TOTP_DIGITS) => totpOf(secret, digits).generate({ timestamp: ms });

/**
 * Checks `code` against the steps now-1, now and now+1 (clock drift) and returns the matching step, or null.
 * Steps at or before `lastStep` are refused so a code, once accepted, cannot be replayed (RFC 6238 section 5.2).
 */
export function verifyTotp(secret: string, code: string, lastStep: number, ms = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const now = stepAt(ms);
  let matched: number | null = null;
  for (const step of [now - 1, now, now + 1]) {
    const ok = timingSafeEqual(Buffer.from(totp.generate({ timestamp: step * TOTP_STEP_S * 1000 })), Buffer.from(code));
    if (ok && step > lastStep && matched === null) matched = step;
  }
  return matched;
}

/** The otpauth:// URI authenticator apps read from the QR code (Google Authenticator key URI format). */
export const otpauthUri = (secret: string, issuer: string, account: string): string =>
  totpOf(secret, TOTP_DIGITS, issuer, account).toString();
