// The parts of the untyped zipcodes package the offline provider uses.
declare module 'zipcodes' {
  interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    codes: Record<string, ZipCode>;
    lookup(zip: string | number): ZipCode | undefined;
    lookupByName(city: string, state: string): ZipCode[];
    states: { full: Record<string, string>; abbr: Record<string, string> };
  };
  export = zipcodes;
}
