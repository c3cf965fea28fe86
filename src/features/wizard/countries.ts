// The phone step's country codes: SPEC.md's 24 first (United States first and default), then every other country
// libphonenumber-js knows, A to Z. The codes are written here, not read from the library, so the list is searchable
// before the library (its own chunk, phone-library.ts) has arrived.
import { nationalNumber } from './phone-number';

export type Country = { code: string; name: string; dial: string };

export const COUNTRIES: readonly Country[] = [
  { code: 'US', name: 'United States', dial: '1' },
  { code: 'CA', name: 'Canada', dial: '1' },
  { code: 'MX', name: 'Mexico', dial: '52' },
  { code: 'GB', name: 'United Kingdom', dial: '44' },
  { code: 'IE', name: 'Ireland', dial: '353' },
  { code: 'FR', name: 'France', dial: '33' },
  { code: 'DE', name: 'Germany', dial: '49' },
  { code: 'IT', name: 'Italy', dial: '39' },
  { code: 'ES', name: 'Spain', dial: '34' },
  { code: 'NL', name: 'Netherlands', dial: '31' },
  { code: 'CH', name: 'Switzerland', dial: '41' },
  { code: 'SE', name: 'Sweden', dial: '46' },
  { code: 'AU', name: 'Australia', dial: '61' },
  { code: 'NZ', name: 'New Zealand', dial: '64' },
  { code: 'JP', name: 'Japan', dial: '81' },
  { code: 'KR', name: 'South Korea', dial: '82' },
  { code: 'CN', name: 'China', dial: '86' },
  { code: 'HK', name: 'Hong Kong', dial: '852' },
  { code: 'SG', name: 'Singapore', dial: '65' },
  { code: 'IN', name: 'India', dial: '91' },
  { code: 'AE', name: 'United Arab Emirates', dial: '971' },
  { code: 'IL', name: 'Israel', dial: '972' },
  { code: 'BR', name: 'Brazil', dial: '55' },
  { code: 'ZA', name: 'South Africa', dial: '27' },
];

export const DEFAULT_COUNTRY = 'US';

/**
 * Every country's code, calling code and, after a slash, its trunk prefix (libphonenumber-js 1.13.16's metadata):
 * what the stored number drops if the library is not there yet. +1 numbers keep SPEC.md's 10-digit rule instead.
 */
const WORLD =
  'AC247 AD376 AE971/0 AF93/0 AG1 AI1 AL355/0 AM374/0 AO244 AR54/0 AS1 AT43/0 AU61/0 AW297 AX358/0 AZ994/0 ' +
  'BA387/0 BB1 BD880/0 BE32/0 BF226 BG359/0 BH973 BI257 BJ229 BL590/0 BM1 BN673 BO591/0 BQ599 BR55/0 BS1 BT975 ' +
  'BW267 BY375/8 BZ501 CA1 CC61/0 CD243/0 CF236 CG242 CH41/0 CI225 CK682 CL56 CM237 CN86/0 CO57/0 CR506 CU53/0 ' +
  'CV238 CW599 CX61/0 CY357 CZ420 DE49/0 DJ253 DK45 DM1 DO1 DZ213/0 EC593/0 EE372 EG20/0 EH212/0 ER291/0 ES34 ' +
  'ET251/0 FI358/0 FJ679 FK500 FM691 FO298 FR33/0 GA241 GB44/0 GD1 GE995/0 GF594/0 GG44/0 GH233/0 GI350 GL299 ' +
  'GM220 GN224 GP590/0 GQ240 GR30 GT502 GU1 GW245 GY592 HK852 HN504 HR385/0 HT509 HU36/06 ID62/0 IE353/0 ' +
  'IL972/0 IM44/0 IN91/0 IO246 IQ964/0 IR98/0 IS354 IT39 JE44/0 JM1 JO962/0 JP81/0 KE254/0 KG996/0 KH855/0 ' +
  'KI686/0 KM269 KN1 KP850/0 KR82/0 KW965 KY1 KZ7/8 LA856/0 LB961/0 LC1 LI423/0 LK94/0 LR231/0 LS266 LT370/0 ' +
  'LU352 LV371 LY218/0 MA212/0 MC377/0 MD373/0 ME382/0 MF590/0 MG261/0 MH692/1 MK389/0 ML223 MM95/0 MN976/0 ' +
  'MO853 MP1 MQ596/0 MR222 MS1 MT356 MU230 MV960 MW265/0 MX52 MY60/0 MZ258 NA264/0 NC687 NE227 NF672 NG234/0 ' +
  'NI505 NL31/0 NO47 NP977/0 NR674 NU683 NZ64/0 OM968 PA507 PE51/0 PF689 PG675 PH63/0 PK92/0 PL48 PM508/0 PR1 ' +
  'PS970/0 PT351 PW680 PY595/0 QA974 RE262/0 RO40/0 RS381/0 RU7/8 RW250/0 SA966/0 SB677 SC248 SD249/0 SE46/0 ' +
  'SG65 SH290 SI386/0 SJ47 SK421/0 SL232/0 SM378 SN221 SO252/0 SR597 SS211/0 ST239 SV503 SX1 SY963/0 SZ268 ' +
  'TA290 TC1 TD235 TG228 TH66/0 TJ992 TK690 TL670 TM993/8 TN216 TO676 TR90/0 TT1 TV688 TW886/0 TZ255/0 UA380/0 ' +
  'UG256/0 US1 UY598/0 UZ998 VA39 VC1 VE58/0 VG1 VI1 VN84/0 VU678 WF681 WS685 XK383/0 YE967/0 YT262/0 ZA27/0 ' +
  'ZM260/0 ZW263/0';

const TRUNKS = new Map<string, string>();
const regionName = (() => {
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
  return (code: string) => names?.of(code) ?? code;
})();
const others: Country[] = [];
for (const entry of WORLD.split(' ')) {
  const [, code = '', dial = '', trunk] = /^([A-Z]{2})(\d+)(?:\/(\d+))?$/.exec(entry) ?? [];
  if (trunk) TRUNKS.set(code, trunk);
  if (!COUNTRIES.some((c) => c.code === code)) others.push({ code, name: regionName(code), dial });
}

/** SPEC.md's countries, then all the others by name. */
export const ALL_COUNTRIES: readonly Country[] = [...COUNTRIES, ...others.sort((a, b) => a.name.localeCompare(b.name, 'en'))];

export const findCountry = (code: string): Country => ALL_COUNTRIES.find((c) => c.code === code) ?? COUNTRIES[0]!;

/** Whether the country dials +1 (SPEC.md's 10-digit numbers). */
export const isNorthAmerican = (code: string) => findCountry(code).dial === '1';

/** Countries whose name, code or dial code contains the typed text ("+44", "44", "king", "gb"). */
export function filterCountries(query: string): Country[] {
  const q = query
    .trim()
    .toLowerCase()
    .replace(/^\+\s*/, '');
  if (!q) return [...ALL_COUNTRIES];
  return ALL_COUNTRIES.filter((c) => c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q || c.dial.startsWith(q));
}

/**
 * The stored phone number, "+<dial> <national number>": the national number as libphonenumber-js reads it (no trunk
 * 0), or, before the library has arrived, the digits without the country's trunk prefix.
 */
export function formatPhone(countryCode: string, digits: string): string {
  const country = findCountry(countryCode);
  if (country.dial === '1') return `+1 ${digits}`;
  const trunk = TRUNKS.get(country.code);
  const national = nationalNumber(country.code, digits) ?? (trunk && digits.startsWith(trunk) ? digits.slice(trunk.length) : digits);
  return `+${country.dial} ${national}`;
}
