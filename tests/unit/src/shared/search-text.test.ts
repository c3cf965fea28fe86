// The text the server stores for a registration's search, and how a search's terms are read: the same folding as the
// staff table's own search, so both find the same registrations.
import { describe, expect, it } from 'vitest';
import { filterSubmissions } from '@/features/staff/submissions/search';
import { fold, haystackOf, matchesTerms, SEARCH_TEXT_SIZE, searchTerms, searchTextOf } from '@/shared/search-text';
import { submission } from '../../../helpers/fixtures';

describe('search text', () => {
  const zoe = submission({
    full_name: 'Zoë Ångström-Núñez',
    email: 'Zoe.Nunez@Example.org',
    selected_product: 'Collier « Étoile »',
    product_sku: 'NCK-1018-WG-18',
  });

  it('is the folded name, e-mail, products and SKUs the staff table searches', () => {
    expect(searchTextOf(zoe)).toBe(haystackOf(zoe));
    expect(searchTextOf(zoe)).toBe('zoe angstrom-nunez\u0001zoe.nunez@example.org\u0001collier « etoile »\u0001nck-1018-wg-18');
    for (const q of ['NUNEZ', 'ångström', 'étoile', 'nck-1018', 'example.org']) {
      expect(matchesTerms(searchTextOf(zoe), searchTerms(q)), q).toBe(true);
      expect(filterSubmissions([zoe], q), q).toHaveLength(1);
    }
  });

  it('folds plain text to lower case alone, and text with accents or letters that lowercase into plain ones alike', () => {
    expect(fold('Customer 12 <ADA@Example.COM>\u0001RNG-1009')).toBe('customer 12 <ada@example.com>\u0001rng-1009');
    expect(fold('\u212Aelvin')).toBe('kelvin'); // the Kelvin sign lowercases to a plain k
    expect(fold('Ærøskøbing ŁÓDŹ Straße')).toBe('aeroskobing lodz strasse');
  });

  it('never outgrows its attribute', () => {
    const long = submission({ selected_product: 'ß'.repeat(4096), product_sku: 'x'.repeat(4096) });
    expect(searchTextOf(long)).toHaveLength(SEARCH_TEXT_SIZE);
  });

  it('reads a search as folded terms, each of which must be found, fields kept apart', () => {
    expect(searchTerms('  Zoë   NÚÑEZ ')).toEqual(['zoe', 'nunez']);
    expect(searchTerms('   ')).toEqual([]);
    expect(matchesTerms(searchTextOf(zoe), searchTerms('nunez zoe'))).toBe(true);
    expect(matchesTerms(searchTextOf(zoe), searchTerms('nunez ada'))).toBe(false);
    // The end of the SKU and the start of nothing else: no term spans two fields.
    expect(matchesTerms(searchTextOf(zoe), searchTerms('nunezzoe'))).toBe(false);
    expect(matchesTerms(searchTextOf(zoe), searchTerms('»nck'))).toBe(false);
  });
});
