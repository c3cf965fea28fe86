// Address suggestions and details as the googleplaces functions return them (SPEC.md sections 3, 7).
import { z } from 'zod';

/** Lookups start at this many typed characters (SPEC.md section 9); longer inputs than the maximum are refused. */
export const PLACES_MIN_INPUT = 2;
export const PLACES_MAX_INPUT = 200;

export const placePredictionSchema = z.object({
  place_id: z.string().min(1),
  description: z.string(),
  structured_formatting: z.object({ main_text: z.string(), secondary_text: z.string() }).optional(),
});

export const addressComponentSchema = z.object({ long_name: z.string(), short_name: z.string(), types: z.array(z.string()) });

export const placeDetailsSchema = z.object({ address_components: z.array(addressComponentSchema), formatted_address: z.string() });

/** GET /.netlify/functions/googleplaces?input=… answers Google's Autocomplete shape. */
export const placesAutocompleteResponseSchema = z.object({
  predictions: z.array(placePredictionSchema),
  status: z.enum(['OK', 'ZERO_RESULTS']),
});

/** GET /.netlify/functions/googleplacesdetails?place_id=… answers Google's Details shape. */
export const placeDetailsResponseSchema = z.object({ result: placeDetailsSchema, status: z.literal('OK') });

export type PlacePrediction = z.infer<typeof placePredictionSchema>;
export type AddressComponent = z.infer<typeof addressComponentSchema>;
export type PlaceDetails = z.infer<typeof placeDetailsSchema>;
export type PlacesAutocompleteResponse = z.infer<typeof placesAutocompleteResponseSchema>;
export type PlaceDetailsResponse = z.infer<typeof placeDetailsResponseSchema>;
