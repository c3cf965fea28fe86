// US address suggestions and details without network, from the zipcodes package.
import zipcodes from 'zipcodes';
import type {
  AddressComponent,
  PlaceDetailsResponse,
  PlacePrediction,
  PlacesAutocompleteResponse,
} from '../../../src/shared/contracts/places';
import { HttpError } from '../http';

/** A suggested address; encoded whole into its place_id so details need no storage. */
export interface UsAddress {
  n: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}
interface Place {
  city: string;
  state: string;
  zip: string;
}
interface CityEntry extends Place {
  key: string;
  zipCount: number;
}

const MAX_SUGGESTIONS = 5;
const TERRITORIES: Record<string, string> = {
  PR: 'Puerto Rico',
  GU: 'Guam',
  VI: 'U.S. Virgin Islands',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
};
const titleCase = (s: string) =>
  s
    .toLowerCase()
    .replace(/\b[a-z]/g, (c) => c.toUpperCase())
    .replace(/ Of /g, ' of ');
const US_CODES = new Set(
  Object.values(zipcodes.codes)
    .filter((c) => c.country === 'US')
    .map((c) => c.state),
);
/** State code → name for the US states, DC and the inhabited territories (the package also lists Canada). */
const STATE_NAMES: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(zipcodes.states.full)
      .filter(([, code]) => US_CODES.has(code))
      .map(([name, code]) => [code, titleCase(name)]),
  ),
  ...TERRITORIES,
};

/** Street suffix spellings → [short, long]: "street" and "St" both become St / Street. */
const SUFFIX_SPELLINGS: [string, string, ...string[]][] = [
  ['St', 'Street', 'str'],
  ['Ave', 'Avenue', 'av'],
  ['Rd', 'Road'],
  ['Blvd', 'Boulevard'],
  ['Dr', 'Drive'],
  ['Ln', 'Lane'],
  ['Ct', 'Court'],
  ['Pl', 'Place'],
  ['Ter', 'Terrace'],
  ['Cir', 'Circle'],
  ['Pkwy', 'Parkway'],
  ['Hwy', 'Highway'],
  ['Way', 'Way'],
  ['Trl', 'Trail'],
  ['Sq', 'Square'],
];
const SUFFIXES = new Map<string, [string, string]>();
for (const [short, long, ...more] of SUFFIX_SPELLINGS) {
  for (const spelling of [short, long, ...more]) SUFFIXES.set(spelling.toLowerCase(), [short, long]);
}
const isSuffix = (word: string) => SUFFIXES.has(word.toLowerCase().replace(/\.$/, ''));

/** City keys: upper case, dots dropped, St/Ft/Mt spelled out as the data spells them. */
const ABBREVIATIONS: Record<string, string> = { ST: 'SAINT', FT: 'FORT', MT: 'MOUNT' };
const cityKey = (s: string, expandLast = true) => {
  const words = s
    .toUpperCase()
    .replace(/\./g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
  return words.map((w, i) => (i < words.length - 1 || expandLast ? (ABBREVIATIONS[w] ?? w) : w)).join(' ');
};

let index: CityEntry[] | undefined;
/** One entry per city and state, sorted by key for prefix search; its ZIP is the lowest, zipCount a size hint. */
function cityIndex(): CityEntry[] {
  if (index) return index;
  const byCity = new Map<string, CityEntry>();
  for (const c of Object.values(zipcodes.codes)) {
    if (c.country !== 'US' || !STATE_NAMES[c.state] || !/^[A-Za-z][A-Za-z .'-]*$/.test(c.city)) continue;
    const id = `${c.city}|${c.state}`;
    const entry = byCity.get(id);
    if (!entry) byCity.set(id, { key: cityKey(c.city), city: c.city, state: c.state, zip: c.zip, zipCount: 1 });
    else {
      entry.zipCount += 1;
      if (c.zip < entry.zip) entry.zip = c.zip;
    }
  }
  index = [...byCity.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return index;
}

/** Cities whose name starts with (or, when exact, equals) the typed text: exact names first, then bigger, then A–Z. */
function searchCity(text: string, states?: string[], exact = false): Place[] {
  const keys = [...new Set([cityKey(text), cityKey(text, false)])].filter(Boolean);
  const entries = cityIndex();
  const hits = new Map<string, CityEntry>();
  for (const key of keys) {
    let lo = 0;
    for (let hi = entries.length; lo < hi;) {
      const mid = (lo + hi) >> 1;
      if (entries[mid]!.key < key) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < entries.length && entries[i]!.key.startsWith(key); i++) {
      const e = entries[i]!;
      if ((!exact || e.key === key) && (!states || states.includes(e.state))) hits.set(`${e.city}|${e.state}`, e);
    }
  }
  const isExact = (e: CityEntry) => keys.includes(e.key);
  return [...hits.values()]
    .sort(
      (a, b) =>
        Number(isExact(b)) - Number(isExact(a)) || b.zipCount - a.zipCount || a.key.localeCompare(b.key) || a.state.localeCompare(b.state),
    )
    .slice(0, MAX_SUGGESTIONS)
    .map(({ city, state, zip }) => ({ city, state, zip }));
}

/** State codes the typed words name: exactly ("IL", "Illinois") or, with `prefix`, by their beginning ("I", "New"). */
function statesNamed(text: string, prefix: boolean): string[] {
  const t = text.toUpperCase();
  return Object.entries(STATE_NAMES)
    .filter(([code, name]) => (prefix ? code.startsWith(t) || name.toUpperCase().startsWith(t) : code === t || name.toUpperCase() === t))
    .map(([code]) => code);
}

/** "Springfield", "Springfield, IL", "Springfield Illinois", "Springfield I": a city, maybe followed by its state. */
function localityMatches(text: string, exact = false): Place[] {
  const words = text.split(/[\s,]+/).filter(Boolean);
  const withState = (prefix: boolean) => {
    for (let k = Math.min(3, words.length - 1); k >= 1; k--) {
      const states = statesNamed(words.slice(-k).join(' '), prefix);
      const hits = states.length ? searchCity(words.slice(0, -k).join(' '), states, exact) : [];
      if (hits.length) return hits;
    }
    return [];
  };
  if (!words.length) return [];
  const named = withState(false);
  if (named.length) return named;
  const whole = searchCity(words.join(' '), undefined, exact);
  return whole.length ? whole : withState(true);
}

const HOUSE_NUMBER = /^(\d+[A-Za-z]?(?:-\d+[A-Za-z]?)?)(?:\s+|$)/;
/** "12 elm street" → {n: "12", street: "Elm St"}: words title-cased when typed in one case, the suffix shortened. */
function parseStreet(text: string): { n: string; street: string } {
  const t = text.trim().replace(/\s+/g, ' ');
  const m = HOUSE_NUMBER.exec(t);
  const words = (m ? t.slice(m[0].length) : t).split(' ').filter(Boolean);
  const shaped = words.map((w, i) => {
    const suffix = SUFFIXES.get(w.toLowerCase().replace(/\.$/, ''));
    if (suffix && i === words.length - 1 && i > 0) return suffix[0];
    if (/^(n|s|e|w|ne|nw|se|sw)$/i.test(w)) return w.toUpperCase();
    return w === w.toLowerCase() || w === w.toUpperCase() ? w.charAt(0).toUpperCase() + w.slice(1).toLowerCase() : w;
  });
  const street = shaped.join(' ');
  return { n: street ? (m?.[1]?.toUpperCase() ?? '') : '', street };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Drops a trailing "…, Springfield, IL" naming the ZIP's own city and state from the typed street. */
function stripLocality(text: string, place: Place): string {
  let s = text;
  for (const tail of [STATE_NAMES[place.state]!, place.state, place.city]) {
    const m = new RegExp(`(^|[\\s,])${escapeRegExp(tail)}[\\s,]*$`, 'i').exec(s);
    if (m) s = s.slice(0, m.index + m[1]!.length);
  }
  return s.replace(/[\s,]+$/, '');
}

/** Reads the typed text as street + city (+ state) or street + ZIP; returns the street and the places it fits. */
function interpret(input: string): { street: string; places: Place[] } {
  const text = input.trim().replace(/\s+/g, ' ');
  const zipMatch = /(?:^|[\s,])(\d{5})(?:-\d{4})?$/.exec(text);
  if (zipMatch) {
    const c = zipcodes.lookup(zipMatch[1]!);
    if (!c || c.country !== 'US' || !STATE_NAMES[c.state]) return { street: '', places: [] };
    const place = { city: c.city, state: c.state, zip: c.zip };
    const before = text.slice(0, zipMatch.index);
    return { street: before.includes(',') ? before.slice(0, before.indexOf(',')) : stripLocality(before, place), places: [place] };
  }
  const [head = '', ...tail] = text.split(',');
  const hasNumber = HOUSE_NUMBER.test(head.trim());
  const words = head.trim().split(' ').filter(Boolean);
  if (!hasNumber && !words.some(isSuffix)) {
    const places = localityMatches(text);
    if (places.length) return { street: '', places };
  }
  if (tail.length) return { street: head, places: localityMatches(tail.join(',')) };
  const first = hasNumber ? 1 : 0;
  for (let i = first; i < words.length - 1; i++) {
    if (!isSuffix(words[i]!)) continue;
    const places = localityMatches(words.slice(i + 1).join(' '));
    if (places.length) return { street: words.slice(0, i + 1).join(' '), places };
  }
  for (let i = first + 1; hasNumber && i < words.length; i++) {
    const places = localityMatches(words.slice(i).join(' '), true);
    if (places.length) return { street: words.slice(0, i).join(' '), places };
  }
  return { street: '', places: [] };
}

const line1 = (a: UsAddress) => [a.n, a.street].filter(Boolean).join(' ');
export const formatAddress = (a: UsAddress) => [line1(a), a.city, `${a.state} ${a.zip}`, 'USA'].filter(Boolean).join(', ');
export const encodePlaceId = (a: UsAddress) => `us:${Buffer.from(JSON.stringify(a)).toString('base64url')}`;

/**
 * Up to five complete addresses for what the customer typed.
 * @example offlineAutocomplete('62701').predictions[0].description === 'Springfield, IL 62701, USA'
 */
export function offlineAutocomplete(input: string): PlacesAutocompleteResponse {
  const { street: typed, places } = interpret(input);
  const { n, street } = parseStreet(typed);
  const predictions: PlacePrediction[] = places.map((p) => {
    const address: UsAddress = { n, street, ...p };
    const main = line1(address);
    const rest = formatAddress({ ...address, n: '', street: '' });
    return {
      place_id: encodePlaceId(address),
      description: formatAddress(address),
      structured_formatting: main
        ? { main_text: main, secondary_text: rest }
        : { main_text: p.city, secondary_text: rest.slice(p.city.length + 2) },
    };
  });
  return { predictions, status: predictions.length ? 'OK' : 'ZERO_RESULTS' };
}

const invalidPlaceId = () =>
  new HttpError(400, 'invalid_place_id', 'This place_id is not one this service issued. Pick a suggestion again.');
/** Reads an offline place_id back; anything not issued by offlineAutocomplete is a 400 invalid_place_id. */
export function decodePlaceId(placeId: string): UsAddress {
  if (!/^us:[A-Za-z0-9_-]{1,700}$/.test(placeId)) throw invalidPlaceId();
  let a: Partial<Record<keyof UsAddress, unknown>>;
  try {
    a = JSON.parse(Buffer.from(placeId.slice(3), 'base64url').toString('utf8'));
  } catch {
    throw invalidPlaceId();
  }
  const str = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max && !/[\p{Cc}]/u.test(v);
  if (!a || typeof a !== 'object' || !str(a.n, 20) || !str(a.street, 120) || !str(a.city, 80) || !str(a.state, 2) || !str(a.zip, 5))
    throw invalidPlaceId();
  const c = zipcodes.lookup(a.zip);
  if (!/^\d{5}$/.test(a.zip) || !c || c.country !== 'US' || c.city !== a.city || c.state !== a.state || !STATE_NAMES[a.state])
    throw invalidPlaceId();
  return { n: a.n, street: a.street, city: a.city, state: a.state, zip: a.zip };
}

/**
 * Google-shaped details for an offline place_id.
 * @example offlineDetails(id).result.formatted_address === '12 Elm St, Springfield, IL 62701, USA'
 */
export function offlineDetails(placeId: string): PlaceDetailsResponse {
  const a = decodePlaceId(placeId);
  const last = a.street.split(' ').pop() ?? '';
  const longSuffix = SUFFIXES.get(last.toLowerCase())?.[1];
  const route = longSuffix ? `${a.street.slice(0, -last.length)}${longSuffix}` : a.street;
  const component = (long_name: string, short_name: string, ...types: string[]): AddressComponent => ({ long_name, short_name, types });
  const address_components = [
    ...(a.n ? [component(a.n, a.n, 'street_number')] : []),
    ...(a.street ? [component(route, a.street, 'route')] : []),
    component(a.city, a.city, 'locality', 'political'),
    component(STATE_NAMES[a.state]!, a.state, 'administrative_area_level_1', 'political'),
    component('United States', 'US', 'country', 'political'),
    component(a.zip, a.zip, 'postal_code'),
  ];
  return { result: { address_components, formatted_address: formatAddress(a) }, status: 'OK' };
}
