// Databases, collections and their attributes as the document routes see them,
// cached in memory and dropped on every schema change. Also validates document data against the attributes.
import type { Db } from '../store/sqlite';
import { isEmail } from '../../src/shared/contracts/email';
import { AppwriteError } from './errors';

export type AttributeType = 'string' | 'integer' | 'float' | 'boolean' | 'datetime' | 'email' | 'enum' | 'url' | 'ip';

export type AttributeSpec = {
  key: string;
  type: AttributeType;
  required: boolean;
  array: boolean;
  default: unknown;
  size?: number;
  min?: number;
  max?: number;
  elements?: string[];
};

export type IndexSpec = { key: string; type: 'key' | 'unique' | 'fulltext'; attributes: string[]; orders: string[] };

export type CollectionInfo = {
  databaseId: string;
  id: string;
  name: string;
  permissions: string[];
  documentSecurity: boolean;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  attributes: Map<string, AttributeSpec>;
  indexes: IndexSpec[];
};

export type Flavor = 'documents' | 'rows';

export const notFound = {
  database: () => new AppwriteError(404, 'database_not_found', 'Database not found'),
  collection: (flavor: Flavor) =>
    flavor === 'rows'
      ? new AppwriteError(404, 'table_not_found', 'Table with the requested ID could not be found.')
      : new AppwriteError(404, 'collection_not_found', 'Collection with the requested ID could not be found.'),
};

export class SchemaCache {
  private cache = new Map<string, CollectionInfo | null>();
  constructor(private db: Db) {}

  clear() {
    this.cache.clear();
  }

  collection(databaseId: string, collectionId: string): CollectionInfo | null {
    const k = `${databaseId}\u0000${collectionId}`;
    if (this.cache.has(k)) return this.cache.get(k)!;
    const row = this.db.prepare('SELECT * FROM collections WHERE database_id = ? AND id = ?').get(databaseId, collectionId) as
      | {
          database_id: string;
          id: string;
          name: string;
          permissions: string;
          document_security: number;
          enabled: number;
          created_at: string;
          updated_at: string;
        }
      | undefined;
    let info: CollectionInfo | null = null;
    if (row) {
      const attrs = this.db
        .prepare('SELECT spec FROM attributes WHERE database_id = ? AND collection_id = ? ORDER BY position')
        .all(databaseId, collectionId) as { spec: string }[];
      const idx = this.db
        .prepare('SELECT spec FROM indexes WHERE database_id = ? AND collection_id = ? ORDER BY created_at')
        .all(databaseId, collectionId) as {
        spec: string;
      }[];
      info = {
        databaseId,
        id: row.id,
        name: row.name,
        permissions: JSON.parse(row.permissions) as string[],
        documentSecurity: row.document_security === 1,
        enabled: row.enabled === 1,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        attributes: new Map(
          attrs.map((a) => {
            const spec = JSON.parse(a.spec) as AttributeSpec;
            return [spec.key, spec];
          }),
        ),
        indexes: idx.map((i) => JSON.parse(i.spec) as IndexSpec),
      };
    }
    this.cache.set(k, info);
    return info;
  }

  /** The collection, or the 404 Appwrite answers for a missing database or collection. */
  require(databaseId: string, collectionId: string, flavor: Flavor): CollectionInfo {
    const info = this.collection(databaseId, collectionId);
    if (info && info.enabled) return info;
    if (!this.db.prepare('SELECT 1 FROM databases WHERE id = ?').get(databaseId)) throw notFound.database();
    throw notFound.collection(flavor);
  }

  /** The collection even when disabled (schema changes with an API key reach it), or the 404 for what is missing. */
  find(databaseId: string, collectionId: string, flavor: Flavor): CollectionInfo {
    const info = this.collection(databaseId, collectionId);
    if (info) return info;
    if (!this.db.prepare('SELECT 1 FROM databases WHERE id = ?').get(databaseId)) throw notFound.database();
    throw notFound.collection(flavor);
  }
}

const structure = (msg: string) => new AppwriteError(400, 'document_invalid_structure', `Invalid document structure: ${msg}`);
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** Why `v` is not a valid single value of attribute `a`, or null when it is. */
export function valueProblem(a: AttributeSpec, v: unknown): string | null {
  switch (a.type) {
    case 'string':
      if (typeof v !== 'string') return `Value must be a valid string and no longer than ${a.size} chars`;
      // Counted in UTF-16 code units (Appwrite Cloud counts code points, never more): the contracts count the same way
      // (src/shared/contracts/text-length.ts), so what a function accepts is stored.
      if (a.size !== undefined && v.length > a.size) return `Value must be a valid string and no longer than ${a.size} chars`;
      return null;
    case 'email':
      return typeof v === 'string' && isEmail(v) ? null : 'Value must be a valid email address';
    case 'url':
      try {
        if (typeof v === 'string' && /^https?:$/.test(new URL(v).protocol)) return null;
      } catch {
        /* fall through */
      }
      return 'Value must be a valid URL';
    case 'ip':
      return typeof v === 'string' && (IPV4.test(v) || (v.includes(':') && /^[0-9a-fA-F:.]+$/.test(v)))
        ? null
        : 'Value must be a valid IP address';
    case 'enum':
      return typeof v === 'string' && (a.elements ?? []).includes(v) ? null : `Value must be one of (${(a.elements ?? []).join(', ')})`;
    case 'boolean':
      return typeof v === 'boolean' ? null : 'Value must be a valid boolean';
    case 'integer':
    case 'float': {
      if (typeof v !== 'number' || !Number.isFinite(v) || (a.type === 'integer' && !Number.isInteger(v)))
        return `Value must be a valid ${a.type === 'integer' ? 'integer' : 'float'}`;
      if (a.min !== undefined && a.max !== undefined && (v < a.min || v > a.max))
        return `Value must be a valid range between ${a.min} and ${a.max}`;
      if (a.min !== undefined && v < a.min) return `Value must be at least ${a.min}`;
      if (a.max !== undefined && v > a.max) return `Value must be at most ${a.max}`;
      return null;
    }
    case 'datetime':
      return typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? null : 'Value must be valid date';
  }
}

const SYSTEM_KEYS = new Set(['$id', '$sequence', '$collectionId', '$tableId', '$databaseId', '$createdAt', '$updatedAt', '$permissions']);

/**
 * Checks `data` against the collection's attributes and returns what to store.
 * `partial` is an update: only the given keys are checked and merged over `base`.
 */
export function validateData(col: CollectionInfo, data: unknown, base: Record<string, unknown> | null): Record<string, unknown> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw structure('Value must be a valid object');
  const out: Record<string, unknown> = base ? { ...base } : {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (SYSTEM_KEYS.has(key)) continue;
    const a = col.attributes.get(key);
    if (!a) throw structure(`Unknown attribute: "${key}"`);
    if (value === null) {
      if (a.required) throw structure(`Missing required attribute "${key}"`);
      out[key] = null;
      continue;
    }
    if (a.array) {
      if (!Array.isArray(value)) throw structure(`Attribute "${key}" must be an array`);
      for (const item of value) {
        const problem = valueProblem(a, item);
        if (problem) throw structure(`Attribute "${key}" has invalid format. ${problem}`);
      }
    } else {
      const problem = valueProblem(a, value);
      if (problem) throw structure(`Attribute "${key}" has invalid ${a.type === 'string' ? 'type' : 'format'}. ${problem}`);
    }
    out[key] = value;
  }
  if (!base) {
    for (const a of col.attributes.values()) {
      if (a.key in out) continue;
      if (a.required) throw structure(`Missing required attribute "${a.key}"`);
      out[a.key] = a.default ?? (a.array ? [] : null);
    }
  }
  return out;
}
