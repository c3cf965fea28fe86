// Attribute (column) and index definitions read from request bodies, as node-appwrite, the Appwrite CLI and the
// console send them, with Appwrite's checks and messages.
import { AppwriteError, invalidParam } from './errors';
import { valueProblem, type AttributeSpec, type AttributeType, type Flavor, type IndexSpec } from './schema';
import { optionalBool, optionalInt } from './util';

const KEY = /^[a-zA-Z0-9_][a-zA-Z0-9_-]{0,35}$/;
const TYPES: Record<string, AttributeType> = {
  string: 'string',
  varchar: 'string',
  text: 'string',
  mediumtext: 'string',
  longtext: 'string',
  integer: 'integer',
  float: 'float',
  // Appwrite names a float attribute's type "double" in its models, so a project file pulled from it says so.
  double: 'float',
  boolean: 'boolean',
  datetime: 'datetime',
  email: 'email',
  enum: 'enum',
  url: 'url',
  ip: 'ip',
};
const SIZE_MAX = 1_073_741_824;

/** What the messages and error types call things in each API. */
export const terms = (flavor: Flavor) =>
  flavor === 'rows'
    ? { attribute: 'column', Attribute: 'Column', collection: 'table', Collection: 'Table' }
    : { attribute: 'attribute', Attribute: 'Attribute', collection: 'collection', Collection: 'Collection' };

const finite = (name: string, value: unknown, integer: boolean): number | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value)))
    throw invalidParam(name, `Value must be a valid ${integer ? 'integer' : 'number'}`);
  return value;
};

/** Checks a default against the attribute it is for: Appwrite allows none on required or array attributes. */
function checkDefault(spec: AttributeSpec, flavor: Flavor) {
  if (spec.default === null || spec.default === undefined) return;
  const t = terms(flavor);
  if (spec.required)
    throw new AppwriteError(400, `${t.attribute}_default_unsupported`, `Cannot set default value for required ${t.attribute}`);
  if (spec.array) throw new AppwriteError(400, `${t.attribute}_default_unsupported`, `Cannot set default value for array ${t.attribute}s`);
  const problem = valueProblem(spec, spec.default);
  if (problem) throw new AppwriteError(400, `${t.attribute}_value_invalid`, `Invalid \`default\` param: ${problem}`);
}

function checkRange(spec: AttributeSpec) {
  if (spec.min !== undefined && spec.max !== undefined && spec.min > spec.max)
    throw invalidParam('min', 'Minimum value must be lesser than maximum value');
}

const typeOf = (typeParam: string): AttributeType => {
  const type = Object.hasOwn(TYPES, typeParam) ? TYPES[typeParam] : undefined;
  if (!type) throw new AppwriteError(404, 'general_route_not_found', `Unknown attribute type: ${typeParam}`);
  return type;
};

const elementsOf = (value: unknown) => {
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.length > 100 ||
    !value.every((e) => typeof e === 'string' && e.length > 0 && e.length <= 255)
  )
    throw invalidParam('elements', 'Value must be an array of 1 to 100 strings of at most 255 chars');
  return value as string[];
};

/** Reads an attribute definition from a request body (the shape node-appwrite and the Appwrite CLI send). */
export function attributeFrom(typeParam: string, body: Record<string, unknown>, flavor: Flavor = 'documents'): AttributeSpec {
  const type = typeOf(typeParam);
  const key = body.key;
  if (typeof key !== 'string' || !KEY.test(key))
    throw invalidParam('key', 'Value must be a valid key of at most 36 chars: a-z, A-Z, 0-9, underscore and hyphen');
  const spec: AttributeSpec = {
    key,
    type,
    required: optionalBool('required', body.required, false),
    array: optionalBool('array', body.array, false),
    default: body.default ?? null,
  };
  if (type === 'string') {
    if (typeParam === 'string' && (body.size === undefined || body.size === null))
      throw invalidParam('size', `Value must be a valid range between 1 and ${SIZE_MAX.toLocaleString('en-US')}`);
    spec.size = optionalInt('size', body.size, SIZE_MAX, 1, SIZE_MAX);
  }
  return withRangeAndElements(spec, type, body, flavor);
}

/** Numbers' min and max, an enum's elements (when given), then the default checked against the whole spec. */
function withRangeAndElements(spec: AttributeSpec, type: AttributeSpec['type'], body: Record<string, unknown>, flavor: Flavor) {
  if (type === 'integer' || type === 'float') {
    const min = finite('min', body.min, type === 'integer');
    const max = finite('max', body.max, type === 'integer');
    if (min !== undefined) spec.min = min;
    if (max !== undefined) spec.max = max;
    checkRange(spec);
  }
  if (type === 'enum') spec.elements = elementsOf(body.elements);
  checkDefault(spec, flavor);
  return spec;
}

/**
 * An attribute's new settings from an update (PATCH …/attributes/{type}/{key}): `required` and `default` must be
 * given (default may be null); size, min, max and elements change when given. Renaming (`newKey`) is refused.
 */
export function attributeUpdate(current: AttributeSpec, typeParam: string, body: Record<string, unknown>, flavor: Flavor): AttributeSpec {
  const type = typeOf(typeParam);
  const t = terms(flavor);
  if (type !== current.type || (typeParam === 'string' && current.size === undefined))
    throw new AppwriteError(400, `${t.attribute}_type_invalid`, `${t.Attribute} "${current.key}" is not of type ${typeParam}.`);
  if (body.required === undefined || body.required === null) throw invalidParam('required', 'Param "required" is not optional.');
  if (!('default' in body)) throw invalidParam('default', 'Param "default" is not optional.');
  if (body.newKey !== undefined && body.newKey !== null && body.newKey !== current.key)
    throw invalidParam('newKey', `Renaming ${t.attribute}s is not supported by this server; create a new one and copy the values.`);
  const spec: AttributeSpec = {
    ...current,
    required: optionalBool('required', body.required, current.required),
    default: body.default ?? null,
  };
  if (type === 'string' && body.size !== undefined && body.size !== null) spec.size = optionalInt('size', body.size, SIZE_MAX, 1, SIZE_MAX);
  return withRangeAndElements(spec, type, body, flavor);
}

/** Reads an index definition; the TablesDB API names its fields `columns`, the Databases API `attributes`. */
export function indexFrom(body: Record<string, unknown>, flavor: Flavor): IndexSpec {
  const key = body.key;
  if (typeof key !== 'string' || !KEY.test(key)) throw invalidParam('key', 'Value must be a valid key');
  const type = body.type;
  if (type !== 'key' && type !== 'unique' && type !== 'fulltext')
    throw invalidParam('type', 'Value must be one of (key, unique, fulltext)');
  const name = flavor === 'rows' ? 'columns' : 'attributes';
  const fields = body[name];
  if (!Array.isArray(fields) || fields.length === 0 || fields.length > 100 || !fields.every((a) => typeof a === 'string'))
    throw invalidParam(name, `Value must be an array of 1 to 100 ${terms(flavor).attribute} keys`);
  const orders = body.orders ?? [];
  const order = (o: unknown) => (o === null ? 'ASC' : typeof o === 'string' ? o.toUpperCase() : '');
  if (!Array.isArray(orders) || orders.length > fields.length || !orders.every((o) => order(o) === 'ASC' || order(o) === 'DESC'))
    throw invalidParam('orders', `Value must be an array of ASC or DESC, one per ${terms(flavor).attribute} at most`);
  return { key, type, attributes: fields as string[], orders: orders.map(order) };
}
