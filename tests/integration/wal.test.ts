// The database's write-ahead log stays small under a stream of writes: SQLite's checkpoints restart it, which they
// cannot while a statement is left open (a write's RETURNING read with `.get()` did that: 2.4 GB in ten seconds).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminClient } from '../helpers/server';
import { createRegistration, signedInCustomer } from '../helpers/customers';
import { serverForSuite } from '../helpers/suite';

const server = serverForSuite({ rateLimits: null });
const walBytes = () => statSync(join(server.config.dataDir, 'warranty.sqlite-wal')).size;
const MB = 2 ** 20;

describe('the write-ahead log', () => {
  it('stays under 16 MB through 800 registrations and their updates (about 80 MB of log were written)', async () => {
    const customer = await signedInCustomer(server, 'wal.stream@example.com');
    const { databases } = adminClient(server);
    let largest = 0;
    for (let round = 0; round < 8; round++) {
      const made = await Promise.all(Array.from({ length: 100 }, () => createRegistration(customer)));
      await Promise.all(
        made.slice(0, 20).map((doc) =>
          databases.updateDocument({
            databaseId: 'warranty',
            collectionId: 'submissions',
            documentId: doc.$id,
            data: { phone: '+1 5550000000' },
          }),
        ),
      );
      largest = Math.max(largest, walBytes());
    }
    expect(largest).toBeLessThan(16 * MB);
  }, 120_000);
});
