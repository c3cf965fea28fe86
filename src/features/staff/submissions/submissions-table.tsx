// The submissions table (SPEC.md section 2): six columns,
// a dash for empty cells, photo previews, rows rendered only near the screen so 100,000 scroll smoothly. Rows
// open the editor on click, Enter or Space; arrow keys, Home, End, Page Up and Page Down move between rows.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { REGISTRATION_STATUS, statusLabel, type Submission } from '@/shared/contracts/submission';
import { formatShortDate, registeredAt } from '@/shared/warranty';
import { VirtualRows } from '@/ui/table';
import { StaffImage, type TokenSource } from './staff-images';

export const ROW_HEIGHT = 44;
export const PHOTO_ROW_HEIGHT = 84;
const MAX_THUMBS = 2;

/** Whether a row is drawn tall for previews; cheap enough to ask of 100,000 rows on every keystroke. */
const hasPhotos = (s: Submission) => Boolean(s.image_file_id);

export const imageIds = (s: Pick<Submission, 'image_file_id'>) =>
  (s.image_file_id ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

// SPEC.md's six columns first and in order; then the status and the store (counters), and the registration date.
const COLUMNS = ['Full Name', 'Email', 'Phone', 'Address', 'SKU', 'Image', 'Status', 'Store', 'Registered'] as const;

export type SortOrder = 'newest' | 'oldest';

/** When a registration was made, for the table (the day, as the warranty counts it). */
const registeredOn = (row: Submission) => {
  const d = registeredAt(row);
  return d ? formatShortDate(d) : '';
};

/** The columns shown as text, in SPEC.md's order (the Image column follows them). */
const TEXT_CELLS = ['full_name', 'email', 'phone', 'address', 'product_sku'] as const;
/** Cells that take a second line rather than cut a name, an e-mail or an address short. */
const WRAPPED = new Set<string>(['full_name', 'email', 'address']);

/** An e-mail may break after "@" and dots (never inside a word), so a long one takes two tidy lines. */
const breakable = (value: string) =>
  value.split(/(?<=[@.])/).map((part, i) => (
    <span key={i}>
      {i > 0 && <wbr />}
      {part}
    </span>
  ));

const Text = ({ value, wrap = false, email = false }: { value: string; wrap?: boolean; email?: boolean }) =>
  value?.trim() ? (
    <span className={wrap ? 'subs-table__text subs-table__text--wrap' : 'subs-table__text'} title={value}>
      {email ? breakable(value) : value}
    </span>
  ) : (
    <span className="subs-table__text subs-table__empty">-</span>
  );

const Row = memo(function Row(props: {
  row: Submission;
  index: number;
  active: boolean;
  token: TokenSource;
  onOpen: (row: Submission) => void;
  onFocusRow: (i: number) => void;
}) {
  const { row, index, active, token, onOpen, onFocusRow } = props;
  const ids = imageIds(row);
  // Two previews fill the column; with more photos, one preview and how many more.
  const thumbs = ids.length <= MAX_THUMBS ? ids : ids.slice(0, MAX_THUMBS - 1);
  return (
    <tr
      className={hasPhotos(row) ? 'subs-table__row subs-table__row--photos' : 'subs-table__row'}
      data-index={index}
      aria-rowindex={index + 2}
      tabIndex={active ? 0 : -1}
      onClick={() => onOpen(row)}
      onFocus={() => onFocusRow(index)}
    >
      {TEXT_CELLS.map((f) => (
        <td key={f}>
          <Text value={row[f]} wrap={WRAPPED.has(f)} email={f === 'email'} />
        </td>
      ))}
      <td className="subs-table__images">
        {ids.length === 0 ? (
          <span className="subs-table__empty">—</span>
        ) : (
          <>
            {thumbs.map((id) => (
              <StaffImage key={id} id={id} width={100} token={token} className="subs-thumb" />
            ))}
            {ids.length > thumbs.length && <span className="subs-table__more">+{ids.length - thumbs.length}</span>}
          </>
        )}
      </td>
      <td>
        <span className={row.status === REGISTRATION_STATUS.pending ? 'subs-status subs-status--pending' : 'subs-status'}>
          {statusLabel(row.status ?? '')}
        </span>
        {row.flags?.length ? (
          <span className="subs-status subs-status--check" title={row.flags.join('\n')}>
            {' '}
            · Check
          </span>
        ) : null}
      </td>
      <td>
        <Text value={row.store ?? ''} />
      </td>
      <td>
        <Text value={registeredOn(row)} />
      </td>
    </tr>
  );
});

type Props = {
  rows: readonly Submission[];
  total: number;
  token: TokenSource;
  onOpen: (row: Submission) => void;
  emptyText: string;
  /** The order of the rows by registration date, and the Registered header's way to turn it. */
  order: SortOrder;
  onOrder: (order: SortOrder) => void;
};

export const SubmissionsTable = memo(function SubmissionsTable({ rows, total, token, onOpen, emptyText, order, onOrder }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const focusWanted = useRef(false);
  // Row heights are fixed by CSS, so sizes are known without measuring.
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: useCallback((i: number) => (rows[i] && hasPhotos(rows[i]) ? PHOTO_ROW_HEIGHT : ROW_HEIGHT), [rows]),
    getItemKey: useCallback((i: number) => rows[i]?.$id ?? i, [rows]),
    overscan: 8,
  });

  useEffect(() => setActive((a) => Math.min(a, Math.max(0, rows.length - 1))), [rows.length]);
  useEffect(() => {
    if (!focusWanted.current) return;
    const el = scroller.current?.querySelector<HTMLElement>(`tr[data-index="${active}"]`);
    if (el) {
      focusWanted.current = false;
      el.focus({ preventScroll: true });
    }
  });

  const move = (to: number) => {
    const i = Math.max(0, Math.min(rows.length - 1, to));
    setActive(i);
    focusWanted.current = true;
    virtual.scrollToIndex(i, { align: 'auto' });
  };
  const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 600) / ROW_HEIGHT) - 1);
  const onKeyDown = (e: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active + 1),
      ArrowUp: () => move(active - 1),
      PageDown: () => move(active + page),
      PageUp: () => move(active - page),
      Home: () => move(0),
      End: () => move(rows.length - 1),
      Enter: () => rows[active] && onOpen(rows[active]),
      ' ': () => rows[active] && onOpen(rows[active]),
    };
    const action = keys[e.key];
    if (!action || !(e.target instanceof HTMLTableRowElement)) return;
    e.preventDefault();
    action();
  };

  const items = virtual.getVirtualItems();
  const tabbable = items.some((it) => it.index === active) ? active : (items[0]?.index ?? 0);
  return (
    <div className="subs-table__scroller" ref={scroller}>
      <table className="subs-table" aria-rowcount={rows.length + 1} aria-label={`Submissions, ${total.toLocaleString('en-US')} in all`}>
        <colgroup>
          <col className="subs-col--name" />
          <col className="subs-col--email" />
          <col className="subs-col--phone" />
          <col className="subs-col--address" />
          <col className="subs-col--sku" />
          <col className="subs-col--image" />
          <col className="subs-col--status" />
          <col className="subs-col--store" />
          <col className="subs-col--registered" />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((c) =>
              c === 'Registered' ? (
                <th key={c} scope="col" aria-sort={order === 'newest' ? 'descending' : 'ascending'}>
                  <button
                    type="button"
                    className="subs-sort"
                    onClick={() => onOrder(order === 'newest' ? 'oldest' : 'newest')}
                    title={order === 'newest' ? 'Newest first: show oldest first' : 'Oldest first: show newest first'}
                  >
                    {c}
                  </button>
                </th>
              ) : (
                <th key={c} scope="col">
                  {c}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          <VirtualRows virtual={virtual} columns={COLUMNS.length} emptyText={emptyText}>
            {(item) => (
              <Row
                key={item.key}
                row={rows[item.index]!}
                index={item.index}
                active={item.index === tabbable}
                token={token}
                onOpen={onOpen}
                onFocusRow={setActive}
              />
            )}
          </VirtualRows>
        </tbody>
      </table>
    </div>
  );
});
