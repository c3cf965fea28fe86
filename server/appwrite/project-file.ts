// Reads appwrite.json (the Appwrite CLI's project file), the one description of the
// database, collection and bucket, used by the embedded server's seeding and by `npm run setup:appwrite`.
import { z } from 'zod';

const attribute = z.object({
  key: z.string(),
  type: z.string(),
  required: z.boolean().default(false),
  array: z.boolean().default(false),
  size: z.number().int().positive().optional(),
  format: z.string().optional(),
  elements: z.array(z.string()).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  default: z.unknown().optional(),
});

const index = z.object({
  key: z.string(),
  type: z.enum(['key', 'unique', 'fulltext']),
  attributes: z.array(z.string()).min(1),
  orders: z.array(z.string()).default([]),
});

export const projectFileSchema = z.object({
  projectId: z.string(),
  projectName: z.string().optional(),
  databases: z.array(z.object({ $id: z.string(), name: z.string(), enabled: z.boolean().default(true) })),
  collections: z.array(
    z.object({
      $id: z.string(),
      $permissions: z.array(z.string()).default([]),
      databaseId: z.string(),
      name: z.string(),
      enabled: z.boolean().default(true),
      documentSecurity: z.boolean().default(false),
      attributes: z.array(attribute),
      indexes: z.array(index).default([]),
    }),
  ),
  buckets: z.array(
    z.object({
      $id: z.string(),
      $permissions: z.array(z.string()).default([]),
      fileSecurity: z.boolean().default(false),
      name: z.string(),
      enabled: z.boolean().default(true),
      maximumFileSize: z.number().int().positive(),
      allowedFileExtensions: z.array(z.string()).default([]),
      compression: z.string().default('none'),
      encryption: z.boolean().default(true),
      antivirus: z.boolean().default(true),
    }),
  ),
});

export type ProjectFile = z.infer<typeof projectFileSchema>;
export type ProjectAttribute = z.infer<typeof attribute>;

export const parseProjectFile = (json: unknown): ProjectFile => projectFileSchema.parse(json);
