// An upload's multipart/form-data body (RFC 7578), read from the whole body at once by searching it for the boundary.
// Request.formData() streams the same bytes through web streams and copies each file into a Blob: for a store's
// photos that was a sixth of the server's work per registration. Anything not well formed is null, never a guess.

/** One part: a field (filename null) or a file, its bytes a view of the body. */
export type FormPart = { name: string; filename: string | null; data: Buffer };

/** The parts of a body, looked up as FormData is: the first of a name, or all of them. */
export type Form = {
  /** The first field of this name, as text; null when there is none or it is a file. */
  text(name: string): string | null;
  /** The first part of this name, when it is a file. */
  file(name: string): FormPart | null;
  /** Every part of this name, fields as text and files as parts. */
  all(name: string): (string | FormPart)[];
};

const HEADERS_MAX = 16 * 1024;
// RFC 2046's boundary characters; a boundary may not end with a space.
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/** The boundary of a multipart/form-data Content-Type, or null for any other type. */
export function boundaryOf(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const [type, ...params] = contentType.split(';');
  if (type!.trim().toLowerCase() !== 'multipart/form-data') return null;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'boundary') continue;
    let value = param.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return BOUNDARY.test(value) ? value : null;
  }
  return null;
}

/**
 * `form-data; name="file"; filename="a.jpg"`: its type and parameters. As browsers write them (and the fetch standard
 * reads them), a quoted value runs to the next quote, and %0A, %0D and %22 stand for a line feed, a carriage return
 * and a quote.
 */
function dispositionOf(value: string): { type: string; params: Map<string, string> } | null {
  const params = new Map<string, string>();
  const semi = value.indexOf(';');
  const type = (semi < 0 ? value : value.slice(0, semi)).trim().toLowerCase();
  let i = semi < 0 ? value.length : semi + 1;
  for (;;) {
    while (value[i] === ' ' || value[i] === '\t') i++;
    if (i >= value.length) break;
    const eq = value.indexOf('=', i);
    if (eq < 0) return null;
    const key = value.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    while (value[i] === ' ' || value[i] === '\t') i++;
    let v: string;
    if (value[i] === '"') {
      const close = value.indexOf('"', i + 1);
      if (close < 0) return null; // an unclosed quote
      v = value
        .slice(i + 1, close)
        .replace(/%0A/gi, '\n')
        .replace(/%0D/gi, '\r')
        .replace(/%22/g, '"');
      i = close + 1;
      while (value[i] === ' ' || value[i] === '\t') i++;
      if (i < value.length && value[i] !== ';') return null;
      i++;
    } else {
      const end = value.indexOf(';', i);
      v = value.slice(i, end < 0 ? value.length : end).trim();
      i = end < 0 ? value.length : end + 1;
    }
    if (key) params.set(key, v);
  }
  return { type, params };
}

/** The parts of a multipart/form-data body, in order; null when the body is not well formed. */
export function parseMultipart(body: Buffer, boundary: string): FormPart[] | null {
  const dash = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first boundary opens the body, or follows a preamble on a line of its own.
  let at = 0;
  if (!body.subarray(0, dash.length).equals(dash)) {
    at = body.indexOf(delimiter);
    if (at < 0) return null;
    at += 2;
  }
  const parts: FormPart[] = [];
  for (;;) {
    at += dash.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts; // the closing boundary; an epilogue is ignored
    while (body[at] === 0x20 || body[at] === 0x09) at++;
    if (body[at] !== 0x0d || body[at + 1] !== 0x0a) return null;
    at += 2;
    let start: number;
    let headers = '';
    if (body[at] === 0x0d && body[at + 1] === 0x0a) start = at + 2;
    else {
      const end = body.indexOf('\r\n\r\n', at);
      if (end < 0 || end - at > HEADERS_MAX) return null;
      headers = body.toString('utf8', at, end);
      start = end + 4;
    }
    const next = body.indexOf(delimiter, start);
    if (next < 0) return null;
    let disposition: ReturnType<typeof dispositionOf> = null;
    for (const line of headers.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon < 0) return null;
      if (line.slice(0, colon).trim().toLowerCase() === 'content-disposition') disposition = dispositionOf(line.slice(colon + 1));
    }
    const name = disposition?.type === 'form-data' ? disposition.params.get('name') : undefined;
    if (name === undefined) return null;
    parts.push({ name, filename: disposition!.params.get('filename') ?? null, data: body.subarray(start, next) });
    at = next + 2;
  }
}

/** FormData's lookups over parsed parts. */
export function formOf(parts: FormPart[]): Form {
  const first = (name: string) => parts.find((p) => p.name === name);
  return {
    text: (name) => {
      const part = first(name);
      return part && part.filename === null ? part.data.toString('utf8') : null;
    },
    file: (name) => {
      const part = first(name);
      return part && part.filename !== null ? part : null;
    },
    all: (name) => parts.filter((p) => p.name === name).map((p) => (p.filename === null ? p.data.toString('utf8') : p)),
  };
}
