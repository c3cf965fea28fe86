// The phone step's country codes (SPEC.md: about 24, United States first and default).

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

export const findCountry = (code: string): Country => COUNTRIES.find((c) => c.code === code) ?? COUNTRIES[0]!;

/** Countries whose name, code or dial code contains the typed text ("+44", "44", "king", "gb"). */
export function filterCountries(query: string): Country[] {
  const q = query.trim().toLowerCase().replace(/^\+/, '');
  if (!q) return [...COUNTRIES];
  return COUNTRIES.filter((c) => c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q || c.dial.startsWith(q));
}

/** The stored phone number: "+<dial> <digits>". */
export const formatPhone = (countryCode: string, digits: string) => `+${findCountry(countryCode).dial} ${digits}`;
