// An upload's multipart body read by searching for its boundary: what FormData writes comes back as FormData reads
// it (the fetch standard's reading, as Request.formData() does it), and a body that is not well formed is refused.
import { describe, expect, it } from 'vitest';
import { boundaryOf, formOf, parseMultipart, type FormPart } from '../../../../server/appwrite/storage/multipart';

/** A body as fetch writes FormData, with its Content-Type. */
async function encoded(form: FormData): Promise<{ body: Buffer; type: string }> {
  const req = new Request('http://localhost/upload', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}

const parsed = (body: Buffer, type: string) => parseMultipart(body, boundaryOf(type)!);
const text = (s: string) => Buffer.from(s.replace(/\n/g, '\r\n'));

/** Bytes with the body's own line breaks and dashes in them, and every byte value. */
function awkwardBytes(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(70_000);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
  bytes.set(new TextEncoder().encode('\r\n--\r\n\r\n--formdata-undici-0'), 1000);
  return bytes;
}

describe("an upload's multipart body", () => {
  it('reads every field and file as Request.formData() reads them', async () => {
    const form = new FormData();
    form.append('fileId', 'unique()');
    form.append('permissions[]', 'read("user:a")');
    form.append('permissions[]', 'update("user:a")');
    form.append('folder', 'Café "Nord"\nline two');
    form.append('file', new File([awkwardBytes()], 'Bague – café 指輪 "front"\r\n.jpg', { type: 'image/jpeg' }));
    form.append('empty', new File([], 'nothing.jpg'));
    const { body, type } = await encoded(form);

    const ours = parsed(body, type)!;
    const theirs = await new Request('http://localhost/upload', {
      method: 'POST',
      body: new Uint8Array(body),
      headers: { 'Content-Type': type },
    }).formData();
    const entries = [...theirs.entries()];
    expect(ours.map((p) => p.name)).toEqual(entries.map(([name]) => name));
    for (const [i, [, value]] of entries.entries()) {
      const part = ours[i]!;
      if (typeof value === 'string') {
        expect(part.filename).toBeNull();
        expect(part.data.toString('utf8')).toBe(value);
      } else {
        expect(part.filename).toBe(value.name);
        expect(Buffer.compare(part.data, Buffer.from(await value.arrayBuffer()))).toBe(0);
      }
    }
    const looked = formOf(ours);
    expect(looked.text('fileId')).toBe('unique()');
    expect(looked.all('permissions[]')).toEqual(['read("user:a")', 'update("user:a")']);
    expect(looked.file('file')?.data.length).toBe(70_000);
    expect(looked.text('file')).toBeNull();
  });

  it('takes the first part of a name, as FormData.get does: a field first is no file', () => {
    const body = text(
      '--b\nContent-Disposition: form-data; name="file"\n\nnot a file\n--b\nContent-Disposition: form-data; name="file"; filename="a.jpg"\n\nxyz\n--b--\n',
    );
    const form = formOf(parseMultipart(body, 'b')!);
    expect(form.file('file')).toBeNull();
    expect(form.text('file')).toBe('not a file');
    expect(form.all('file').map((v) => (typeof v === 'string' ? v : (v as FormPart).filename))).toEqual(['not a file', 'a.jpg']);
  });

  it('skips a preamble, an epilogue and spaces after a boundary, and reads a part without headers', () => {
    const body = text(
      'preamble text\n--b  \nContent-Disposition: form-data; name="a"; \n\n1\n--b\n\n2\n--b\nContent-Disposition: form-data; name=b\n\n3\n--b--\nepilogue',
    );
    expect(parseMultipart(body, 'b')).toBeNull(); // the part without headers has no name
    const named = text(
      'preamble\n--b  \nContent-Disposition: form-data; name="a"; \n\n1\n--b\ncontent-disposition: FORM-DATA; name=b\n\n3\n--b--\nafter',
    );
    expect(parseMultipart(named, 'b')!.map((p) => [p.name, p.data.toString()])).toEqual([
      ['a', '1'],
      ['b', '3'],
    ]);
  });

  it('refuses a body that is not well formed', () => {
    const part = 'Content-Disposition: form-data; name="a"\n\n1\n';
    const cases: [string, Buffer][] = [
      ['no boundary in it', text('just text')],
      ['no closing boundary', text(`--b\n${part}`)],
      ['a part that never ends', text('--b\nContent-Disposition: form-data; name="a"\n\n1')],
      ['headers that never end', text('--b\nContent-Disposition: form-data; name="a"\n1\n--b--\n')],
      ['a header line without a colon', text(`--b\nnot a header\n${part}--b--\n`)],
      ['no Content-Disposition', text('--b\nContent-Type: text/plain\n\n1\n--b--\n')],
      ['a disposition other than form-data', text('--b\nContent-Disposition: attachment; name="a"\n\n1\n--b--\n')],
      ['a name without its closing quote', text('--b\nContent-Disposition: form-data; name="a\n\n1\n--b--\n')],
      ['text after a quoted value', text('--b\nContent-Disposition: form-data; name="a"x\n\n1\n--b--\n')],
      ['no line break after a boundary', text(`--bx\n${part}--b--\n`)],
      ['headers over 16 KiB', text(`--b\nX-Long: ${'y'.repeat(17_000)}\n${part}--b--\n`)],
    ];
    for (const [what, body] of cases) expect(parseMultipart(body, 'b'), what).toBeNull();
  });

  it('takes the boundary of multipart/form-data only, and only a valid one', () => {
    expect(boundaryOf('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; BOUNDARY="a b:c"')).toBe('a b:c');
    for (const type of [
      undefined,
      '',
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/mixed; boundary=abc',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary="ends with space "',
      `multipart/form-data; boundary=${'x'.repeat(71)}`,
      'multipart/form-data; boundary=a"b',
    ])
      expect(boundaryOf(type), String(type)).toBeNull();
  });
});
