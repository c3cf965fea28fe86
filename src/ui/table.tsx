// A table of records, one row each, whose last column holds each row's actions: the column headings, and the
// actions column's heading said to screen readers only. And the rows of a long table drawn only near the screen.
import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import type { ReactNode } from 'react';

/** A column heading, with the class its cells share where they have one. */
export type Column = string | { label: string; className: string };

type Props = {
  className: string;
  /** Said to screen readers only. */
  caption?: string;
  columns: Column[];
  /** The actions column's heading, said to screen readers only. */
  actions: string;
  /** The rows. */
  children: ReactNode;
};

export function RecordsTable({ className, caption, columns, actions, children }: Props) {
  return (
    <table className={className}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c) => {
            const { label, className } = typeof c === 'string' ? { label: c, className: undefined } : c;
            return (
              <th key={label} scope="col" className={className}>
                {label}
              </th>
            );
          })}
          <th scope="col">
            <span className="visually-hidden">{actions}</span>
          </th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** An empty row as tall as the rows not drawn, so the scroll bar tells the whole table. */
const Spacer = ({ height, columns }: { height: number; columns: number }) => (
  <tr aria-hidden="true">
    <td colSpan={columns} className="subs-table__spacer" style={{ height }} />
  </tr>
);

type VirtualRowsProps = {
  virtual: Virtualizer<HTMLDivElement, Element>;
  /** How many columns the table has. */
  columns: number;
  /** Said in a row of its own when there are no rows. */
  emptyText: string;
  /** Draws the row of an item near the screen. */
  children: (item: VirtualItem) => ReactNode;
};

/** The rows near the screen, spacers for those above and below them, and a row that says when there are none. */
export function VirtualRows({ virtual, columns, emptyText, children }: VirtualRowsProps) {
  const items = virtual.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtual.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {before > 0 && <Spacer height={before} columns={columns} />}
      {items.map(children)}
      {after > 0 && <Spacer height={after} columns={columns} />}
      {virtual.options.count === 0 && (
        <tr>
          <td colSpan={columns} className="subs-table__none">
            {emptyText}
          </td>
        </tr>
      )}
    </>
  );
}
