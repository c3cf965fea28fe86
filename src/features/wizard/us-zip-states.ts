// Step 5's state picker and the ZIP codes each state's post offices use, by their first three digits (USPS
// three-digit prefixes): enough to tell a ZIP typed for the wrong state, without a ZIP database on the device.

export type UsState = { code: string; name: string };

/**
 * Each state, DC, the inhabited territories and the armed forces' post, with its ZIP prefix ranges ("010-027,055") and
 * the few whole ZIPs a neighbour's prefix holds (Fishers Island NY is 06390, in Connecticut's 063).
 */
const TABLE: [code: string, name: string, prefixes: string][] = [
  ['AL', 'Alabama', '350-369'],
  ['AK', 'Alaska', '995-999'],
  ['AZ', 'Arizona', '850-865'],
  ['AR', 'Arkansas', '716-729'],
  ['CA', 'California', '900-961'],
  ['CO', 'Colorado', '800-816'],
  ['CT', 'Connecticut', '060-069'],
  ['DE', 'Delaware', '197-199'],
  ['DC', 'District of Columbia', '200,202-205,569'],
  ['FL', 'Florida', '320-339,341-349'],
  ['GA', 'Georgia', '300-319,398-399'],
  ['HI', 'Hawaii', '967-968'],
  ['ID', 'Idaho', '832-838'],
  ['IL', 'Illinois', '600-629'],
  ['IN', 'Indiana', '460-479'],
  ['IA', 'Iowa', '500-528'],
  ['KS', 'Kansas', '660-679'],
  ['KY', 'Kentucky', '400-427'],
  ['LA', 'Louisiana', '700-714'],
  ['ME', 'Maine', '039-049'],
  ['MD', 'Maryland', '206-219,20588'],
  ['MA', 'Massachusetts', '010-027,055'],
  ['MI', 'Michigan', '480-499'],
  ['MN', 'Minnesota', '550-567'],
  ['MS', 'Mississippi', '386-397'],
  ['MO', 'Missouri', '630-658'],
  ['MT', 'Montana', '590-599'],
  ['NE', 'Nebraska', '680-693'],
  ['NV', 'Nevada', '889-898'],
  ['NH', 'New Hampshire', '030-038'],
  ['NJ', 'New Jersey', '070-089'],
  ['NM', 'New Mexico', '870-884'],
  ['NY', 'New York', '005,100-149,06390'],
  ['NC', 'North Carolina', '270-289'],
  ['ND', 'North Dakota', '580-588'],
  ['OH', 'Ohio', '430-459'],
  ['OK', 'Oklahoma', '730-732,734-749'],
  ['OR', 'Oregon', '970-979'],
  ['PA', 'Pennsylvania', '150-196'],
  ['RI', 'Rhode Island', '028-029'],
  ['SC', 'South Carolina', '290-299'],
  ['SD', 'South Dakota', '570-577'],
  ['TN', 'Tennessee', '370-385'],
  ['TX', 'Texas', '733,750-799,885,73960'],
  ['UT', 'Utah', '840-847'],
  ['VT', 'Vermont', '050-054,056-059'],
  ['VA', 'Virginia', '201,220-246,20598'],
  ['WA', 'Washington', '980-994'],
  ['WV', 'West Virginia', '247-268'],
  ['WI', 'Wisconsin', '530-549'],
  ['WY', 'Wyoming', '820-831,83414'],
  ['AS', 'American Samoa', '967'],
  ['GU', 'Guam', '969'],
  ['MP', 'Northern Mariana Islands', '969'],
  ['PR', 'Puerto Rico', '006-007,009'],
  ['VI', 'U.S. Virgin Islands', '008'],
  ['AA', 'Armed Forces Americas', '340'],
  ['AE', 'Armed Forces Europe', '090-098'],
  ['AP', 'Armed Forces Pacific', '962-966'],
];

export const US_STATES: readonly UsState[] = TABLE.map(([code, name]) => ({ code, name }));

const RANGES = new Map(
  TABLE.map(([code, , prefixes]) => [
    code,
    prefixes.split(',').map((r) => {
      const [from = '', to = from] = r.split('-');
      return [from, to] as const;
    }),
  ]),
);

/** The state of `code` ("MA"), or undefined when it is none of the list. */
export const findUsState = (code: string): UsState | undefined => US_STATES.find((s) => s.code === code);

/** Whether a 5-digit ZIP (or ZIP+4) is one of the state's; unknown states answer false. */
export function isZipInState(zip: string, state: string): boolean {
  // Same-length digit strings compare as numbers do: a prefix range by the ZIP's first three, a whole ZIP by its five.
  return (RANGES.get(state) ?? []).some(([from, to]) => {
    const head = zip.slice(0, from.length);
    return head >= from && head <= to;
  });
}
