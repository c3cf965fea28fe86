// The admin submissions screen (/submission): opens at once
// from this device's copy, keeps it current, and lets staff search, edit, import and export.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '@/db/schema';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { getStaffToken } from '@/lib/staff-session';
import { buildExportCsv, exportFileName, fileStamp, staffPhotoUrl } from '@/shared/csv';
import type { Submission } from '@/shared/contracts/submission';
import type { Conflict } from '@/sync/pending-edits';
import { ListFilters, ListHead, useListFilters, type ListFiltersCopy } from '../list-parts';
import type { Navigate } from '../navigation';
import { StaffLayout } from '../staff-layout';
import { EditDialog } from './edit-dialog';
import { ImportPreviewDialog, ImportSummaryPanel } from './import-preview';
import { createSearch, filterByStatusAndStore, type StatusFilter } from './search';
import { SubmissionsTable, type SortOrder } from './submissions-table';
import { useCachedRows } from './use-cached-rows';
import { searchScope, useServerSearch } from './use-server-search';
import { staffRepository } from '@/db/staff-repository';
import { useCsvImport } from './use-csv-import';
import { useStaffSync } from '../use-staff-sync';
import './submissions.css';
import { pendingEditsRepository } from '@/db/pending-edits-repository';

const n = (count: number) => count.toLocaleString('en-US');
const FILTERS: ListFiltersCopy<StatusFilter> = {
  id: 'subs',
  placeholder: 'Search by name, email, or product',
  refocus: true,
  statuses: [
    ['all', 'All'],
    ['confirmed', 'Confirmed'],
    ['pending', 'Awaiting email confirmation'],
  ],
};

/** The rows by registration date (submitted_at; $createdAt for rows without one), newest or oldest first. */
function byRegistration(rows: readonly Submission[], order: SortOrder): Submission[] {
  const when = (r: Submission) => r.submitted_at || r.$createdAt;
  const sign = order === 'newest' ? -1 : 1;
  return rows.slice().sort((a, b) => {
    const x = when(a);
    const y = when(b);
    return x === y ? (a.$id < b.$id ? -1 : 1) : x < y ? -sign : sign;
  });
}
const submissions = (count: number) => `${n(count)} ${count === 1 ? 'submission' : 'submissions'}`;
const clock = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

export function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function SubmissionsScreen({ config, navigate }: { config: RuntimeConfig; navigate: Navigate }) {
  const db = appDb();
  const token = useCallback(() => getStaffToken(config), [config]);
  const { rows, complete } = useCachedRows(db);
  const sync = useStaffSync(config, db, { poll: true });
  const edits = useLiveQuery(() => pendingEditsRepository(db).all(), [db]);
  const filters = useListFilters<StatusFilter>('all');
  const { term, status: statusFilter, store: storeFilter } = filters;
  const [editing, setEditing] = useState<{ row: Submission; conflict?: Conflict } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const [order, setOrder] = useState<SortOrder>('newest');
  // Newest registration first by default; sorted once per change of the rows, so every keystroke searches sorted rows.
  const all = useMemo(() => byRegistration(rows ?? [], order), [rows, order]);
  const find = useMemo(() => createSearch(all), [all]);
  const onDevice = useMemo(() => find(term), [find, term]);
  // The device holds every registration once its first fill ended with all of them (a device synced before the
  // window existed holds all too); until then the server's search joins the device's.
  const coverage = useLiveQuery(() => staffRepository(db).coverage(), [db]);
  const whole = Boolean(sync.syncedAt) && coverage?.complete !== false;
  const heldIds = useMemo(() => new Set(all.map((r) => r.$id)), [all]);
  const held = useCallback((id: string) => heldIds.has(id), [heldIds]);
  const online = !sync.offline && (typeof navigator === 'undefined' || navigator.onLine !== false);
  const server = useServerSearch({ term, whole, online, token, held });
  const found = useMemo(
    () => (server.extra.length ? byRegistration([...onDevice, ...server.extra], order) : onDevice),
    [onDevice, server.extra, order],
  );
  const scope = searchScope({ term, whole: whole || rows === null, filling: !sync.syncedAt, held: all.length, online, server });
  const stores = useMemo(() => [...new Set(all.map((r) => r.store ?? '').filter(Boolean))].sort(), [all]);
  const shown = useMemo(() => filterByStatusAndStore(found, statusFilter, storeFilter), [found, statusFilter, storeFilter]);
  const filtering = statusFilter !== 'all' || storeFilter !== '';
  const rowsNow = useRef(all);
  rowsNow.current = all;
  const csv = useCsvImport({ rows: () => rowsNow.current, token, onImported: () => void sync.syncNow() });

  const conflicts = (edits ?? []).filter((e) => e.current);
  const waiting = (edits ?? []).length - conflicts.length;
  const imageUrl = (id: string) => staffPhotoUrl(window.location.origin, id);

  const onExport = () => {
    if (!shown.length) return window.alert('No data to export');
    download(exportFileName(new Date()), buildExportCsv(shown, imageUrl));
  };
  const openConflict = (c: { id: string }) => {
    const edit = edits?.find((e) => e.id === c.id);
    const row = all.find((r) => r.$id === c.id) ?? edit?.current;
    if (edit?.current && row) setEditing({ row, conflict: { id: edit.id, mine: edit, current: edit.current } });
  };
  // A registration opened here stays on this device, whatever the window (found on the server, it is stored now).
  const onOpen = useCallback(
    (row: Submission) => {
      setNotice(null);
      setEditing({ row });
      staffRepository(db)
        .keep(row)
        .catch((err: unknown) => console.error('Keeping an opened submission on this device failed', err));
    },
    [db],
  );

  // SPEC.md's three states: Loading..., an error message, or the table. An empty device waits for its first sync.
  const neverSynced = sync.syncedAt === null;
  const firstSyncDue = all.length === 0 && !sync.syncedAt;
  let body;
  if (rows === null || (all.length === 0 && !complete)) body = <p className="loading">Loading...</p>;
  else if (firstSyncDue && (sync.fetchError || sync.offline))
    body = (
      <p className="subs__error" role="alert">
        {sync.fetchError ?? 'Error fetching data.'}
      </p>
    );
  else if (firstSyncDue) body = <p className="loading">Loading...</p>;
  else
    body = (
      <SubmissionsTable
        rows={shown}
        total={all.length}
        token={token}
        onOpen={onOpen}
        emptyText={term.trim() ? `No submissions found for "${term.trim()}"` : 'No submissions found'}
        order={order}
        onOrder={setOrder}
      />
    );

  return (
    <StaffLayout config={config} navigate={navigate}>
      <div className="subs">
        <ListHead
          title="Submissions"
          actions={
            <div className="subs__actions">
              <button
                type="button"
                className="subs-button"
                disabled={csv.importing || csv.reading}
                onClick={() => csv.picker.current?.click()}
              >
                {csv.importing ? 'Importing...' : 'Import CSV'}
              </button>
              <button type="button" className="subs-button subs-button--primary" onClick={onExport}>
                Export
              </button>
              <input
                ref={csv.picker}
                type="file"
                accept=".csv,text/csv"
                hidden
                aria-label="CSV file to import"
                onChange={(e) => void csv.choose(e.target.files?.[0])}
              />
            </div>
          }
        >
          <span>
            {!complete
              ? 'Reading submissions on this device...'
              : term.trim() || filtering
                ? `Showing ${n(shown.length)} of ${submissions(all.length)}`
                : submissions(all.length)}
          </span>
          <span
            className={sync.fetchError ? 'subs__sync subs__sync--error' : sync.offline ? 'subs__sync subs__sync--offline' : 'subs__sync'}
          >
            {sync.fetchError && !neverSynced ? `${sync.fetchError} ` : ''}
            {sync.offline ? 'Offline: showing the copy on this device. ' : ''}
            {sync.syncedAt ? `Last synced ${clock(sync.syncedAt)}` : neverSynced ? 'Not synced yet' : ''}
          </span>
          {waiting > 0 && (
            <span className="subs__waiting">{waiting === 1 ? '1 edit waiting to be sent' : `${n(waiting)} edits waiting to be sent`}</span>
          )}
        </ListHead>
        <p className="subs__import-error" role="alert">
          {csv.error}
        </p>
        {csv.done && (
          <ImportSummaryPanel
            done={csv.done}
            onDismiss={csv.dismiss}
            onDownload={() => csv.done?.report && download(`warranty_import_errors_${fileStamp(new Date())}.csv`, csv.done.report)}
          />
        )}
        {notice && (
          <p className="subs-summary subs-notice" role="status">
            {notice}
          </p>
        )}
        {conflicts.length > 0 && !editing && (
          <div className="subs-conflicts" role="alert">
            {conflicts.length === 1
              ? 'An edit met a newer change on the server and needs your decision.'
              : `${conflicts.length} edits met newer changes on the server and need your decision.`}
            {conflicts.map((c) => (
              <button key={c.id} type="button" className="subs-link" onClick={() => openConflict(c)}>
                Review {c.fields.full_name || c.id}
              </button>
            ))}
          </div>
        )}
        <ListFilters {...FILTERS} filters={filters} stores={stores} />
        {scope && (
          <p className="subs__scope" role="status">
            {scope}
          </p>
        )}
        {body}
        {csv.preview && <ImportPreviewDialog preview={csv.preview} onCancel={csv.cancel} onConfirm={() => void csv.confirm()} />}
        {editing && (
          <EditDialog
            db={db}
            row={editing.row}
            conflict={editing.conflict}
            token={token}
            onClose={(message) => {
              setEditing(null);
              if (message) setNotice(message);
              if (message === 'Saved.' || message?.startsWith('The current')) void sync.syncNow();
            }}
          />
        )}
      </div>
    </StaffLayout>
  );
}
