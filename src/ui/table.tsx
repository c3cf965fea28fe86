// A table of records, one row each, whose last column holds each row's actions: the column headings, and the
// actions column's heading said to screen readers only.
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
