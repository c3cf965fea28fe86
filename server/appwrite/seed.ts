// Makes the embedded store hold what appwrite.json describes (missing parts only).
import type { ProjectFile } from './project-file';
import { attributeFrom, type SchemaAdmin } from './admin';
import type { SchemaCache } from './schema';
import { bucketFrom, createBucket } from './storage';
import type { AppwriteBackend } from './backend';

export function seedProject(be: AppwriteBackend, admin: SchemaAdmin, cache: SchemaCache, project: ProjectFile) {
  const key = { kind: 'key' } as const;
  be.db.transaction(() => {
    for (const d of project.databases) {
      if (!admin.listDatabases().some((x) => x.id === d.$id)) admin.createDatabase(d.$id, d.name, d.enabled);
    }
    for (const c of project.collections) {
      if (!cache.collection(c.databaseId, c.$id))
        admin.createCollection(c.databaseId, c.$id, {
          name: c.name,
          permissions: c.$permissions,
          documentSecurity: c.documentSecurity,
          enabled: c.enabled,
        });
      for (const a of c.attributes) {
        if (cache.collection(c.databaseId, c.$id)!.attributes.has(a.key)) continue;
        const type = a.type === 'string' && a.format ? a.format : a.type;
        admin.createAttribute(c.databaseId, c.$id, attributeFrom(type, a as Record<string, unknown>));
      }
      for (const i of c.indexes) {
        if (cache.collection(c.databaseId, c.$id)!.indexes.some((x) => x.key === i.key)) continue;
        admin.createIndex(c.databaseId, c.$id, i);
      }
    }
    for (const b of project.buckets) {
      if (be.db.prepare('SELECT 1 FROM buckets WHERE id = ?').get(b.$id)) continue;
      createBucket(be.db, bucketFrom({ ...b, bucketId: b.$id, permissions: b.$permissions }, key));
    }
  })();
}
