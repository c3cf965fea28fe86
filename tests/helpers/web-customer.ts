// A customer's browser as the unmodified `appwrite` web SDK sees it: its own
// localStorage (where the SDK keeps the X-Fallback-Cookies session) and no cookie jar, like a browser that
// refuses the API's cookies. Each customer swaps its storage in while its calls run.
import { Account, Client, Databases, Storage, TablesDB } from 'appwrite';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(k: string) {
    return this.data.has(k) ? this.data.get(k)! : null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, String(v));
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
  clear() {
    this.data.clear();
  }
  get length() {
    return this.data.size;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
}

export type WebCustomer = ReturnType<typeof webCustomer>;

export function webCustomer(endpoint: string, projectId = 'warranty') {
  const localStorage = new MemoryStorage();
  const client = new Client().setEndpoint(endpoint).setProject(projectId);
  const g = globalThis as unknown as { window?: unknown };
  const as = async <T>(fn: () => Promise<T>): Promise<T> => {
    const previous = g.window;
    g.window = { localStorage, console: { ...console, warn: () => {} } };
    try {
      return await fn();
    } finally {
      g.window = previous;
    }
  };
  return {
    localStorage,
    client,
    as,
    account: new Account(client),
    databases: new Databases(client),
    tables: new TablesDB(client),
    storage: new Storage(client),
  };
}
