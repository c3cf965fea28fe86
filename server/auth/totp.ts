// server/auth/totp.ts: RFC 4226 HOTP / RFC 6238 TOTP (SHA-1, 30 s, 6 digits) and RFC 4648 base32, on node:crypto.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_S = 30;
export const TOTP_DIGITS = 6;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const idx = ALPHABET.indexOf(ch);
    if (idx < 0) throw new Error(`Invalid base32 character "${ch}"`);
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit shared secret (RFC 4226 recommends 160 bits), base32 as authenticator apps expect. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** HOTP value of `counter` for a raw key (RFC 4226 section 5.3, dynamic truncation). */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(bin % 10 ** digits).padStart(digits, '0');
}

export const stepAt = (ms: number) => Math.floor(ms / 1000 / TOTP_STEP_S);

/** The code a base32 secret shows at time `ms`. */
export const totpAt = (secret: string, ms = Date.now(), digits = TOTP_DIGITS) => hotp(base32Decode(secret), stepAt(ms), digits);

/**
 * Checks `code` against the steps now-1, now and now+1 (clock drift) and returns the matching step, or null.
 * Steps at or before `lastStep` are refused so a code, once accepted, cannot be replayed (RFC 6238 section 5.2).
 */
export function verifyTotp(secret: string, code: string, lastStep: number, ms = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = stepAt(ms);
  let matched: number | null = null;
  for (const step of [now - 1, now, now + 1]) {
    const ok = timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code));
    if (ok && step > lastStep && matched === null) matched = step;
  }
  return matched;
}

/** The otpauth:// URI authenticator apps read from the QR code (Google Authenticator key URI format). */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const q = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_S) });
  return `otpauth://totp/${label}?${q.toString().replace(/\+/g, '%20')}`;
}
