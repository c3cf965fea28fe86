// Parses a large CSV file off the main thread.
import { parseCsvText } from './import-csv';

self.onmessage = async (e: MessageEvent<File>) => {
  try {
    self.postMessage({ ok: true, parsed: parseCsvText(await e.data.text()) });
  } catch (err) {
    self.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};
