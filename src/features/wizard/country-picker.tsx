// The country-code dropdown: a button, then a search box over the countries.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { COUNTRIES, filterCountries, findCountry } from './countries';
import { comboboxA11y } from '@/ui/field';
import { Flag } from './flags';
import { loadPhoneLibrary, usePhoneLibrary } from './phone-number';

type Props = { value: string; onChange: (code: string) => void };

export function CountryPicker({ value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const list = filterCountries(query);
  const current = findCountry(value);
  usePhoneLibrary(); // the other countries' flags arrive with it
  useEffect(() => {
    if (open) void loadPhoneLibrary().catch(() => undefined);
  }, [open]);
  /** Where SPEC.md's countries end and the rest begin, in the full list. */
  const firstOther = query.trim() ? -1 : COUNTRIES.length;

  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (refocus) button.current?.focus();
  };
  const choose = (code: string) => {
    onChange(code);
    close(true);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    if (e.key in moves && list.length) {
      e.preventDefault();
      setActive((i) => (i + moves[e.key]! + list.length) % list.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      const c = list[active];
      if (c) choose(c.code);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    }
  };

  return (
    <div
      className="country"
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) close(false);
      }}
    >
      <span className="field__label" id="country-label">
        Country code
      </span>
      <button
        ref={button}
        id="country-button"
        type="button"
        className="country__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby="country-label country-button"
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <Flag code={current.code} />
        <span>+{current.dial}</span>
        <span className="visually-hidden">{current.name}</span>
        <span className="country__chevron" aria-hidden="true" />
      </button>
      {open && (
        <div className="country__panel" ref={panel}>
          <label className="field__label" htmlFor="country-search">
            Search countries
          </label>
          <input
            id="country-search"
            className="input"
            type="search"
            {...comboboxA11y('country-list', true, list[active] ? `country-${list[active].code}` : undefined)}
            autoComplete="off"
            autoFocus
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <ul id="country-list" role="listbox" aria-label="Countries" className="country__list">
            {list.map((c, i) => (
              <li
                key={c.code}
                id={`country-${c.code}`}
                data-index={i}
                role="option"
                aria-selected={c.code === value}
                className={[
                  'country__option',
                  i === active && 'country__option--active',
                  i === firstOther && 'country__option--first-other',
                ]
                  .filter(Boolean)
                  .join(' ')}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(c.code)}
              >
                <Flag code={c.code} />
                <span className="country__name">{c.name}</span>
                <span className="country__dial">+{c.dial}</span>
              </li>
            ))}
            {!list.length && <li className="country__empty">No country matches “{query}”.</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
