// /submissionslist, SPEC.md's read-only list. Reads the device's cache (synced first when online), so it opens
// offline; rows of cards are virtualized with the table's library, so 100,000 stay fast.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, type AppDb } from '@/db/schema';
import { staffRepository } from '@/db/staff-repository';
import type { RuntimeConfig } from '@/lib/runtime-config';
import type { Submission } from '@/shared/contracts/submission';
import type { Navigate } from './navigation';
import { StaffLayout } from './staff-layout';
import { useStaffSync } from './use-staff-sync';
import './staff.css';

const CARD_HEIGHT = 172;
const GAP = 12;
const ROW = CARD_HEIGHT + GAP;
const MIN_CARD_WIDTH = 320;
const OVERSCAN_ROWS = 3;

export function SubmissionsList({ config, navigate }: { config: RuntimeConfig; navigate: Navigate }) {
  const db = appDb();
  const sync = useStaffSync(config, db);
  // Newest change first, read again whenever the device's copy changes (a sync's page, an edit). Only the keys are
  // read here; each card's row is read when it scrolls into view.
  const ids = useLiveQuery(() => staffRepository(db).idsNewestFirst(), [db]) ?? null;

  const loading = ids === null || (ids.length === 0 && sync.syncing);
  return (
    <StaffLayout config={config} navigate={navigate}>
      <div className="staff-page-head">
        <h1 className="staff-title">Appwrite Warranty Submissions</h1>
        {!loading && ids.length > 0 && (
          <p className="staff-meta" aria-live="polite">
            {ids.length.toLocaleString('en-US')} {ids.length === 1 ? 'submission' : 'submissions'}
            {sync.syncing ? ' · syncing...' : ''}
          </p>
        )}
      </div>
      {loading ? (
        <p className="loading">Loading...</p>
      ) : ids.length === 0 ? (
        <p className="staff-empty">No submissions found.</p>
      ) : (
        <CardGrid db={db} ids={ids} />
      )}
    </StaffLayout>
  );
}

/** Rows of cards in a grid as wide as the page allows, only those near the viewport in the document. */
function CardGrid({ db, ids }: { db: AppDb; ids: string[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState({ cols: 3, top: 0 });
  const [rows, setRows] = useState<Map<string, Submission>>(new Map());

  useLayoutEffect(() => {
    const measure = () => {
      const el = box.current;
      if (!el) return;
      const cols = Math.max(1, Math.floor((el.clientWidth + GAP) / (MIN_CARD_WIDTH + GAP)));
      const top = el.getBoundingClientRect().top + window.scrollY;
      setLayout((l) => (l.cols === cols && l.top === top ? l : { cols, top }));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  const { cols, top } = layout;
  const virtual = useWindowVirtualizer({
    count: Math.ceil(ids.length / cols),
    estimateSize: () => ROW,
    overscan: OVERSCAN_ROWS,
    scrollMargin: top,
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const items = virtual.getVirtualItems();
  const firstRow = items[0]?.index ?? 0;
  const lastRow = items.at(-1)?.index ?? -1;
  const start = firstRow * cols;
  const visible = ids.slice(start, Math.min(ids.length, (lastRow + 1) * cols));
  const key = visible.join('|');

  useEffect(() => {
    let live = true;
    // `key` names the visible ids (the array itself is new on every render).
    staffRepository(db)
      .byIds(key ? key.split('|') : [])
      .then(
        (found) => {
          if (live) setRows(new Map(found.map((r) => [r.$id, r])));
        },
        (err: unknown) => console.error('Reading submissions failed:', err),
      );
    return () => {
      live = false;
    };
  }, [db, key]);

  return (
    <div ref={box} className="staff-cards" style={{ height: Math.max(0, virtual.getTotalSize() - GAP) }}>
      <ul
        className="staff-cards__window"
        aria-label="Submissions"
        style={{
          transform: `translateY(${(items[0]?.start ?? top) - top}px)`,
          gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
          gridAutoRows: CARD_HEIGHT,
          gap: GAP,
        }}
      >
        {visible.map((id, i) => (
          <li key={id} className="staff-card" aria-setsize={ids.length} aria-posinset={start + i + 1}>
            <Card s={rows.get(id)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

const FIELDS: [string, (s: Submission) => string][] = [
  ['Name', (s) => s.full_name],
  ['Email', (s) => s.email],
  ['Phone', (s) => s.phone],
  ['Address', (s) => s.address],
  ['Product', (s) => s.selected_product || s.product_sku],
];

function Card({ s }: { s: Submission | undefined }) {
  return (
    <dl className="staff-card__fields">
      {FIELDS.map(([label, value]) => {
        const text = s ? value(s) : '';
        return (
          <div key={label} className={`staff-card__row staff-card__row--${label.toLowerCase()}`}>
            <dt>{label}:</dt>
            <dd title={text || undefined}>{s ? text || '—' : '\u00a0'}</dd>
          </div>
        );
      })}
    </dl>
  );
}
