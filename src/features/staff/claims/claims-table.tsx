// The claims table: eight columns, rows drawn only near the screen (like the submissions table). Each claim's number
// is a link to its page, and a click anywhere on the row opens it.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useRef } from 'react';
import type { ClaimRow } from '@/shared/contracts/claims';
import { VirtualRows } from '@/ui/table';
import { linkHandler, type Navigate } from '../navigation';
import { claimAge, dayText, problemText, statusText, statusTone } from './claim-format';

export const CLAIM_ROW_HEIGHT = 56;
const COLUMNS = ['Claim', 'Customer', 'Product', 'Problem', 'Store', 'Status', 'Opened', 'Age'] as const;

export const claimPath = (id: string) => `/claims/${encodeURIComponent(id)}`;

const Cell = ({ value }: { value: string }) =>
  value.trim() ? (
    <span className="claims-table__text" title={value}>
      {value}
    </span>
  ) : (
    <span className="claims-table__text subs-table__empty">-</span>
  );

const Row = memo(function Row({ row, index, navigate }: { row: ClaimRow; index: number; navigate: Navigate }) {
  const to = claimPath(row.id);
  return (
    <tr className="claims-table__row" aria-rowindex={index + 2} onClick={() => navigate(to)}>
      <td>
        <a
          href={to}
          className="claims-table__number"
          onClick={(e) => {
            // The row opens the claim too; the link alone handles its own click (and a modified click opens a tab).
            e.stopPropagation();
            linkHandler(navigate, to)(e);
          }}
        >
          {row.number}
        </a>
      </td>
      <td>
        <Cell value={row.customer} />
        <span className="claims-table__email" title={row.email}>
          {row.email}
        </span>
      </td>
      <td>
        <Cell value={row.product} />
      </td>
      <td>
        <Cell value={problemText(row.problem)} />
      </td>
      <td>
        <Cell value={row.store} />
      </td>
      <td>
        <span className={`claim-status claim-status--${statusTone(row.status)}`}>{statusText(row.status)}</span>
      </td>
      <td>
        <Cell value={dayText(row.opened_at)} />
      </td>
      <td>
        <Cell value={claimAge(row.opened_at, row.ended_at)} />
      </td>
    </tr>
  );
});

type Props = {
  rows: readonly ClaimRow[];
  navigate: Navigate;
  emptyText: string;
};

export const ClaimsTable = memo(function ClaimsTable({ rows, navigate, emptyText }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CLAIM_ROW_HEIGHT,
    getItemKey: useCallback((i: number) => rows[i]?.id ?? i, [rows]),
    overscan: 8,
  });

  return (
    <div className="subs-table__scroller claims-table__scroller" ref={scroller}>
      <table className="subs-table claims-table" aria-rowcount={rows.length + 1} aria-label="Claims">
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={`claims-col--${c.toLowerCase()}`}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <VirtualRows virtual={virtual} columns={COLUMNS.length} emptyText={emptyText}>
            {(item) => <Row key={item.key} row={rows[item.index]!} index={item.index} navigate={navigate} />}
          </VirtualRows>
        </tbody>
      </table>
    </div>
  );
});
