// The confirmation link and its e-mail, and the checks a counter's photos pass, without a server.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { appOrigin, withEnv } from '../../../../../netlify/lib/env';
import { confirmationUrl, keyHash, linkMail, LINK_SUBJECT } from '../../../../../netlify/lib/confirmation/link';
import { decodePhoto, photoIdsOf, photoName, photoTypeOf } from '../../../../../netlify/lib/counters/submissions';
import { HttpError } from '../../../../../netlify/lib/http';

const params = { registrationId: 'reg-1', key: 'k-_'.repeat(14) + 'A' };

describe('the confirmation link', () => {
  it('is the app origin’s /confirm with the registration and the key, and names no account', () => {
    expect(confirmationUrl('https://warranty.example.com', params)).toBe(
      `https://warranty.example.com/confirm?registration=reg-1&key=${params.key}`,
    );
    expect(confirmationUrl('https://shop.example/warranty?x=1#top', params)).toMatch(
      /^https:\/\/shop\.example\/warranty\/confirm\?registration=reg-1&/,
    );
    expect(confirmationUrl('http://localhost:8888/', params)).toMatch(/^http:\/\/localhost:8888\/confirm\?/);
  });

  it('is kept as a SHA-256 hash of its key, never the key', () => {
    expect(keyHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(keyHash(params.key)).toMatch(/^[0-9a-f]{64}$/);
    expect(keyHash(params.key)).not.toContain(params.key);
  });

  it('takes the origin from PUBLIC_URL, else Netlify’s URL, else the site Netlify names; without any it says what to set', () => {
    expect(withEnv({ PUBLIC_URL: 'https://a.example', URL: 'https://b.example' }, () => appOrigin())).toBe('https://a.example');
    expect(withEnv({ URL: 'https://b.example' }, () => appOrigin({ site: { url: 'https://c.example' } }))).toBe('https://b.example');
    expect(withEnv({}, () => appOrigin({ site: { url: 'https://c.example' } }))).toBe('https://c.example');
    expect(withEnv({ PUBLIC_URL: 'javascript:alert(1)' }, () => appOrigin({ site: { url: 'https://c.example' } }))).toBe(
      'https://c.example',
    );
    expect(() => withEnv({}, () => appOrigin())).toThrow('This service is not configured: PUBLIC_URL is not set.');
  });

  it('is e-mailed with the customer’s name, the link, how long it works and the store', () => {
    const link = confirmationUrl('https://warranty.example.com', params);
    const mail = linkMail({ to: 'ada@example.com', name: 'Ada\nLovelace', store: 'Rue <Royale>', link, brand: 'Maison Aurelle' });
    expect(mail.subject).toBe(LINK_SUBJECT);
    expect(mail.subject).toBe('Confirm your warranty registration');
    expect(mail.text).toContain('Hello Ada Lovelace,');
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain('This link works for 7 days.');
    expect(mail.text).toContain('Store: Rue <Royale>');
    expect(mail.html).toContain('Rue &lt;Royale&gt;');
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
  });
});

describe("a counter's photos", () => {
  const jpeg = () =>
    sharp({ create: { width: 4, height: 4, channels: 3, background: '#caa' } })
      .jpeg()
      .toBuffer();

  it('are told apart by their bytes', async () => {
    expect(photoTypeOf(new Uint8Array(await jpeg()))).toBe('image/jpeg');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#caa' } })
      .png()
      .toBuffer();
    expect(photoTypeOf(new Uint8Array(png))).toBe('image/png');
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#caa' } })
      .webp()
      .toBuffer();
    expect(photoTypeOf(new Uint8Array(webp))).toBe('image/webp');
    expect(photoTypeOf(new TextEncoder().encode('GIF89a'))).toBeNull();
  });

  it('are decoded only from plain base64 of their declared type and size', async () => {
    const bytes = await jpeg();
    const photo = (data: string, type: 'image/jpeg' | 'image/png' = 'image/jpeg') => ({ id: 'p1', name: 'ring.jpg', type, data });
    expect(decodePhoto(photo(bytes.toString('base64')))).toEqual(new Uint8Array(bytes));
    const refused = (data: string, type?: 'image/png') => {
      try {
        decodePhoto(photo(data, type));
      } catch (err) {
        return err instanceof HttpError ? [err.status, err.code] : err;
      }
      return 'accepted';
    };
    expect(refused(bytes.toString('base64'), 'image/png')).toEqual([422, 'photo_type_mismatch']);
    expect(refused(bytes.toString('base64url'))).toEqual([422, 'invalid_photo']);
    expect(refused('QUJD')).toEqual([422, 'photo_type_mismatch']);
    expect(refused(Buffer.alloc(5 * 1024 * 1024, 0xff).toString('base64'))).toEqual([413, 'payload_too_large']);
  });

  it('are named with an extension of their type, without paths or control characters', () => {
    expect(photoName('IMG_0001.JPG', 'image/jpeg')).toBe('IMG_0001.JPG');
    expect(photoName('IMG_0001.HEIC', 'image/jpeg')).toBe('IMG_0001.HEIC.jpg');
    expect(photoName('../../etc/passwd', 'image/png')).toBe('passwd.png');
    expect(photoName('a\u0000b\u001f.webp', 'image/webp')).toBe('ab.webp');
    expect(photoName('   ', 'image/webp')).toBe('photo.webp');
    expect(photoName(`${'x'.repeat(300)}.jpg`, 'image/jpeg')).toHaveLength(254);
  });

  it('are named by the registration as comma-separated file ids', () => {
    expect(photoIdsOf('')).toEqual([]);
    expect(photoIdsOf('a1, b2,,a1')).toEqual(['a1', 'b2']);
    expect(() => photoIdsOf('a1,.hidden')).toThrow(/is not a file id/);
  });
});
