// The confirmation e-mail of a registration, as the customer reads it in the text and HTML parts, with its certificate.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import catalogData from '@/shared/catalog/products.json';
import { productListSchema } from '@/shared/contracts/product';
import type { Submission } from '@/shared/contracts/submission';
import { confirmationMail } from '../../../../../netlify/lib/mail/confirmation-message';
import { escapeHtml, warrantiesUrl } from '../../../../../netlify/lib/mail/message-parts';

const catalog = productListSchema.parse(catalogData);
const [first, second] = [catalog[0]!, catalog[1]!];
const dir = mkdtempSync(join(tmpdir(), 'confirmation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const record: Submission & { store?: string } = {
  $id: '674a1b2c3d4e5f6a7b8c',
  $createdAt: '2026-11-25T10:30:01.000Z',
  $updatedAt: '2026-11-25T10:30:01.000Z',
  submitted_at: '2026-11-25T10:30:00.000Z',
  full_name: 'Amélie Ørsted-Nuñez',
  email: 'amelie@example.com',
  phone: '+1 212 555 0100',
  address: '1 Fifth Avenue, New York, NY, 10003, US',
  product_sku: `${first.title}, ${second.title}`,
  selected_product: '',
  image_file_id: '',
};
const brand = { name: 'Maison Aurelle', accent: '#9a7b4f' };
const publicUrl = 'https://warranty.example.com';

describe('the confirmation e-mail', () => {
  it('says the warranty is registered, for whom, for what, since and until when, and where to see it', async () => {
    const mail = await confirmationMail({ record, brand, publicUrl, catalog });
    expect(mail.to).toBe('amelie@example.com');
    expect(mail.subject).toBe('Your warranty is registered');
    const lines = mail.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Hello Amélie Ørsted-Nuñez,',
        `- ${first.title} (SKU ${first.sku})`,
        `- ${second.title} (SKU ${second.sku})`,
        'Registered on 25 November 2026',
        'Covered until 25 November 2027',
        'Registration ID: 674a1b2c3d4e5f6a7b8c',
        'https://warranty.example.com/warranties',
      ]),
    );
    for (const part of [
      'Amélie Ørsted-Nuñez',
      `${first.title} (SKU ${first.sku})`,
      'Registered on 25 November 2026',
      'Covered until 25 November 2027',
      'href="https://warranty.example.com/warranties"',
    ]) {
      expect(mail.html).toContain(part);
    }
  });

  it('attaches the certificate as warranty-certificate-{id}.pdf, one page naming the customer', async () => {
    const mail = await confirmationMail({ record, brand, publicUrl, catalog });
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: 'warranty-certificate-674a1b2c3d4e5f6a7b8c.pdf', contentType: 'application/pdf' });
    expect((await PDFDocument.load(pdf!.content)).getPageCount()).toBe(1);
    const file = join(dir, pdf!.filename);
    writeFileSync(file, pdf!.content);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Amélie Ørsted-Nuñez');
    expect(text).toContain('Covered until 25 November 2027');
  });

  it('names "Photos of your piece" when only photos were sent, and the store when known', async () => {
    const mail = await confirmationMail({
      record: { ...record, product_sku: '', image_file_id: 'f1,f2', store: 'Soho' },
      brand,
      publicUrl,
      catalog,
    });
    expect(mail.text).toContain('- Photos of your piece');
    expect(mail.text).toContain('Store: Soho');
    expect(mail.html).toContain('<li>Photos of your piece</li>');
  });

  it('escapes everything it puts into the HTML part', async () => {
    const hostile = '<img src=x onerror="alert(1)"> & \'friends\'';
    const mail = await confirmationMail({
      record: { ...record, full_name: hostile, product_sku: '<b>Ring</b>', store: '"><script>x()</script>' },
      brand: { name: 'A&B <Jewels>', accent: 'red;background:url(javascript:x)' },
      publicUrl,
      catalog,
    });
    expect(mail.html).not.toMatch(/<img|<script|<b>|onerror="/);
    expect(mail.html).toContain(escapeHtml(hostile));
    expect(mail.html).toContain('&lt;b&gt;Ring&lt;/b&gt;');
    expect(mail.html).toContain('A&amp;B &lt;JEWELS&gt;');
    expect(mail.html).not.toContain('javascript:');
    // The text part carries them as plain text.
    expect(mail.text).toContain(`Hello ${hostile},`);
  });

  it('builds the /warranties link under the public address, and refuses one that is not a web address', () => {
    expect(warrantiesUrl('https://warranty.example.com')).toBe('https://warranty.example.com/warranties');
    expect(warrantiesUrl('https://example.com/store/?x=1#top')).toBe('https://example.com/store/warranties');
    expect(warrantiesUrl('http://localhost:8888/')).toBe('http://localhost:8888/warranties');
    for (const bad of ['javascript:alert(1)', 'not a url', 'ftp://example.com', 'https://user:pw@example.com']) {
      expect(() => warrantiesUrl(bad), bad).toThrow(RangeError);
    }
  });
});
