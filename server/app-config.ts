// /app-config.json: the runtime configuration the app reads at start, for the origin it was reached at.
import { Hono } from 'hono';
import type { ServerConfig } from './config';
import { originOf } from './origins';

/** The database, collection and bucket the app and the functions use (appwrite.json's). */
export type StoreIds = { databaseId: string; collectionId: string; bucketId: string };

export function appConfigRoutes(config: ServerConfig, ids: StoreIds, anonKey: string) {
  const app = new Hono();
  app.get('/app-config.json', (c) => {
    const origin = originOf(c, config);
    c.header('Cache-Control', 'no-cache');
    return c.json({
      appwriteEndpoint: `${origin}/v1`,
      appwriteProjectId: config.projectId,
      databaseId: ids.databaseId,
      collectionId: ids.collectionId,
      bucketId: ids.bucketId,
      supabaseUrl: origin,
      supabaseAnonKey: anonKey,
      brand: { productName: config.productName, accent: config.brandAccent, careTipsUrl: config.careTipsUrl },
      counter: config.counter,
    });
  });
  return app;
}
