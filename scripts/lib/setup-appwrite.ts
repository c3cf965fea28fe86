// Creates what appwrite.json describes on an Appwrite server, skipping what is already there.
import { AppwriteException, Client, Compression, Databases, DatabasesIndexType, OrderBy, Storage } from 'node-appwrite';
import type { ProjectAttribute, ProjectFile } from '../../server/appwrite/project-file';

export type SetupOptions = {
  endpoint: string;
  projectId: string;
  apiKey: string;
  project: ProjectFile;
  log?: (line: string) => void;
  /** How long to wait for attributes and indexes to become available. */
  timeoutMs?: number;
};

type Ids = { databaseId: string; collectionId: string };

/** The resource `get` finds, or null when the server answers 404 for it. */
async function lookUp<T>(get: () => Promise<T>): Promise<T | null> {
  try {
    return await get();
  } catch (err) {
    if (!(err instanceof AppwriteException)) throw err;
    if (err.code === 401 || err.code === 403)
      throw new Error(
        `Appwrite refused the request (${err.code} ${err.type}: ${err.message}). Check APPWRITE_API_KEY and its databases/buckets scopes.`,
        {
          cause: err,
        },
      );
    if (err.type === 'project_not_found')
      throw new Error(`Appwrite has no such project: ${err.message} Check APPWRITE_PROJECT_ID.`, { cause: err });
    if (err.code === 404) return null;
    throw err;
  }
}

function createAttribute(databases: Databases, ids: Ids, a: ProjectAttribute) {
  const xdefault = a.required || a.default === null || a.default === undefined ? undefined : a.default;
  const base = { ...ids, key: a.key, required: a.required, array: a.array };
  const format = a.type === 'string' && a.format ? a.format : a.type;
  switch (format) {
    case 'string':
      if (!a.size) throw new Error(`string attribute "${a.key}" needs a size`);
      return databases.createStringAttribute({ ...base, size: a.size, xdefault: xdefault as string | undefined });
    case 'email':
      return databases.createEmailAttribute({ ...base, xdefault: xdefault as string | undefined });
    case 'url':
      return databases.createUrlAttribute({ ...base, xdefault: xdefault as string | undefined });
    case 'ip':
      return databases.createIpAttribute({ ...base, xdefault: xdefault as string | undefined });
    case 'enum':
      if (!a.elements?.length) throw new Error(`enum attribute "${a.key}" needs elements`);
      return databases.createEnumAttribute({ ...base, elements: a.elements, xdefault: xdefault as string | undefined });
    case 'datetime':
      return databases.createDatetimeAttribute({ ...base, xdefault: xdefault as string | undefined });
    case 'integer':
      return databases.createIntegerAttribute({ ...base, min: a.min, max: a.max, xdefault: xdefault as number | undefined });
    case 'float':
    case 'double':
      return databases.createFloatAttribute({ ...base, min: a.min, max: a.max, xdefault: xdefault as number | undefined });
    case 'boolean':
      return databases.createBooleanAttribute({ ...base, xdefault: xdefault as boolean | undefined });
    default:
      throw new Error(`attribute "${a.key}" has a type this script cannot create: ${format}`);
  }
}

/** Polls until `get` reports status "available"; fails on "failed"/"stuck" or after `timeoutMs`. */
async function waitAvailable(what: string, get: () => Promise<{ status: string; error: string }>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 2000)) {
    const { status, error } = await get();
    if (status === 'available') return;
    if (status === 'failed' || status === 'stuck') throw new Error(`${what} is ${status}: ${error || 'no reason given'}`);
    if (Date.now() > deadline) throw new Error(`${what} is still "${status}" after ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, delay));
  }
}

export async function setupAppwrite(opts: SetupOptions): Promise<{ created: string[]; existing: string[] }> {
  const { project, log = () => {}, timeoutMs = 120_000 } = opts;
  const client = new Client().setEndpoint(opts.endpoint).setProject(opts.projectId).setKey(opts.apiKey);
  const databases = new Databases(client);
  const storage = new Storage(client);
  const created: string[] = [];
  const existing: string[] = [];

  const ensure = async (name: string, get: () => Promise<unknown>, create: () => Promise<unknown>) => {
    if (await lookUp(get)) {
      existing.push(name);
      log(`exists   ${name}`);
    } else {
      await create();
      created.push(name);
      log(`created  ${name}`);
    }
  };

  for (const d of project.databases) {
    await ensure(
      `database ${d.$id}`,
      () => databases.get({ databaseId: d.$id }),
      () => databases.create({ databaseId: d.$id, name: d.name, enabled: d.enabled }),
    );
  }

  for (const c of project.collections) {
    const ids: Ids = { databaseId: c.databaseId, collectionId: c.$id };
    const path = `${c.databaseId}/${c.$id}`;
    await ensure(
      `collection ${path}`,
      () => databases.getCollection(ids),
      () =>
        databases.createCollection({
          ...ids,
          name: c.name,
          permissions: c.$permissions,
          documentSecurity: c.documentSecurity,
          enabled: c.enabled,
        }),
    );
    for (const a of c.attributes) {
      await ensure(
        `attribute ${path}.${a.key}`,
        () => databases.getAttribute({ ...ids, key: a.key }),
        () => createAttribute(databases, ids, a),
      );
    }
    for (const a of c.attributes) {
      await waitAvailable(`attribute ${path}.${a.key}`, () => databases.getAttribute({ ...ids, key: a.key }), timeoutMs);
    }
    for (const i of c.indexes) {
      const orders = i.orders.map((o) => (o.toLowerCase() === 'desc' ? OrderBy.Desc : OrderBy.Asc));
      await ensure(
        `index ${path}#${i.key}`,
        () => databases.getIndex({ ...ids, key: i.key }),
        () => databases.createIndex({ ...ids, key: i.key, type: i.type as DatabasesIndexType, attributes: i.attributes, orders }),
      );
    }
    for (const i of c.indexes) {
      await waitAvailable(`index ${path}#${i.key}`, () => databases.getIndex({ ...ids, key: i.key }), timeoutMs);
    }
  }

  for (const b of project.buckets) {
    await ensure(
      `bucket ${b.$id}`,
      () => storage.getBucket({ bucketId: b.$id }),
      () =>
        storage.createBucket({
          bucketId: b.$id,
          name: b.name,
          permissions: b.$permissions,
          fileSecurity: b.fileSecurity,
          enabled: b.enabled,
          maximumFileSize: b.maximumFileSize,
          allowedFileExtensions: b.allowedFileExtensions,
          compression: b.compression as Compression,
          encryption: b.encryption,
          antivirus: b.antivirus,
        }),
    );
  }

  log(`Done: ${created.length} created, ${existing.length} already there.`);
  return { created, existing };
}
