// The flag images of the phone step's countries: small SVG files of their own (in the
// service worker's precache, so they show offline too), fetched when shown and kept out of the JavaScript.
import { phoneLibrary } from './phone-number';

const FILES = import.meta.glob<string>(
  '/node_modules/country-flag-icons/3x2/{AE,AU,BR,CA,CH,CN,DE,ES,FR,GB,HK,IE,IL,IN,IT,JP,KR,MX,NL,NZ,SE,SG,US,ZA}.svg',
  {
    query: '?url&no-inline',
    import: 'default',
    eager: true,
  },
);
const SRC: Record<string, string> = Object.fromEntries(Object.entries(FILES).map(([path, url]) => [path.slice(-6, -4), url]));

/** Whether the country's flag comes without the phone library (SPEC.md's countries). */
export const hasOwnFlag = (code: string) => code in SRC;

/** A decorative flag: the country's name is always written next to it. The other countries' come with the phone library. */
export function Flag({ code }: { code: string }) {
  const src = SRC[code] ?? phoneLibrary()?.FLAGS[code];
  if (!src) return <span className="flag flag--none" aria-hidden="true" />;
  return <img className="flag" src={src} alt="" width={24} height={16} />;
}
