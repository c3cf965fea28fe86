// src/features/wizard/flags.tsx: the flag images of the phone step's countries, bundled (no network needed).
import { AE, AU, BR, CA, CH, CN, DE, ES, FR, GB, HK, IE, IL, IN, IT, JP, KR, MX, NL, NZ, SE, SG, US, ZA } from 'country-flag-icons/string/3x2';

const SVG: Record<string, string> = { AE, AU, BR, CA, CH, CN, DE, ES, FR, GB, HK, IE, IL, IN, IT, JP, KR, MX, NL, NZ, SE, SG, US, ZA };

/** A decorative flag: the country's name is always written next to it. */
export function Flag({ code }: { code: string }) {
  const svg = SVG[code];
  if (!svg) return null;
  return <img className="flag" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt="" width={24} height={16} />;
}
