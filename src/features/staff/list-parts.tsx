// What the staff's lists (submissions, claims) share above their table: the heading with its status line (how many,
// and what is loading or waiting) and the list's actions, and the search box with its Clear button, the status filter
// and the store filter.
import { useRef, useState, type ReactNode } from 'react';

/** The list's heading, its status line (said as it changes) and its actions. */
export function ListHead({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <header className="subs__head">
      <div className="subs__titles">
        <h1 className="subs__title">{title}</h1>
        <p className="subs__meta" aria-live="polite">
          {children}
        </p>
      </div>
      {actions}
    </header>
  );
}

/** What staff search for, and the status and store they filter by ("" for every store). */
export type ListFiltersState<S extends string> = {
  term: string;
  setTerm: (term: string) => void;
  status: S;
  setStatus: (status: S) => void;
  store: string;
  setStore: (store: string) => void;
};

/** The search and filters of a list, `all` its status filter's "All". */
export function useListFilters<S extends string>(all: S): ListFiltersState<S> {
  const [term, setTerm] = useState('');
  const [status, setStatus] = useState<S>(all);
  const [store, setStore] = useState('');
  return { term, setTerm, status, setStatus, store, setStore };
}

/** What stays the same in a list's filters. */
export type ListFiltersCopy<S extends string> = {
  /** Begins the ids of the search box and of the filters. */
  id: string;
  placeholder: string;
  /** Whether Clear puts the focus back in the search box. */
  refocus?: boolean;
  /** The status filter's choices, value and label, "All" first. */
  statuses: readonly (readonly [S, string])[];
};

type FiltersProps<S extends string> = ListFiltersCopy<S> & { filters: ListFiltersState<S>; stores: readonly string[] };

/** The search box and Clear, then the status and store filters. */
export function ListFilters<S extends string>({ id, placeholder, refocus, statuses, filters, stores }: FiltersProps<S>) {
  const { term, setTerm } = filters;
  const search = useRef<HTMLInputElement>(null);
  return (
    <div className="subs__search">
      <label htmlFor={`${id}-search`}>Search</label>
      <input
        ref={search}
        id={`${id}-search`}
        type="search"
        placeholder={placeholder}
        value={term}
        autoComplete="off"
        onChange={(e) => setTerm(e.target.value)}
      />
      <button
        type="button"
        className="subs-button subs-button--small"
        onClick={() => {
          setTerm('');
          if (refocus) search.current?.focus();
        }}
        disabled={!term}
      >
        Clear
      </button>
      <label htmlFor={`${id}-status`}>Status</label>
      <select id={`${id}-status`} value={filters.status} onChange={(e) => filters.setStatus(e.target.value as S)}>
        {statuses.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-store`}>Store</label>
      <select id={`${id}-store`} value={filters.store} onChange={(e) => filters.setStore(e.target.value)}>
        <option value="">All stores</option>
        {stores.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}
