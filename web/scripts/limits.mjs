// The longest text each request body's field takes, from openapi.json into src/types/limits.ts: a form's
// `maxLength` reads the server's own limit (`maxLength.WithdrawBody.reason`) rather than a number copied by hand.
// openapi-typescript keeps shapes, not limits. `--check` fails when the file is not what the document gives.
import { readFileSync } from 'node:fs';
import { writeOrCheck } from './generated.mjs';

const root = new URL('../', import.meta.url).pathname;
const target = `${root}src/types/limits.ts`;
const document = JSON.parse(readFileSync(`${root}openapi.json`, 'utf8'));
const schemas = document.components.schemas;

/** The schema names the operations take as their JSON or form body. */
function bodies() {
  const names = new Set();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      for (const media of Object.values(operation.requestBody?.content ?? {})) {
        // an optional body is `anyOf` the schema and null
        for (const schema of [media.schema, ...(media.schema?.anyOf ?? [])]) {
          if (schema?.$ref) names.add(schema.$ref.split('/').pop());
        }
      }
    }
  }
  return [...names].sort();
}

/** A property's maxLength, also where it is optional (`anyOf` with null); a map's, each value's. */
function maxLengthOf(property) {
  if (typeof property.maxLength === 'number') return property.maxLength;
  if (typeof property.additionalProperties?.maxLength === 'number') return property.additionalProperties.maxLength;
  for (const option of property.anyOf ?? []) if (typeof option.maxLength === 'number') return option.maxLength;
  return undefined;
}

const lines = [
  '// Generated from openapi.json by scripts/limits.mjs (`npm run api:types`): edit the server models instead.',
  '/** The longest text each request body field takes, by schema name and wire key. */',
  'export const maxLength = {',
];
for (const name of bodies()) {
  const fields = Object.entries(schemas[name]?.properties ?? {})
    .map(([key, property]) => [key, maxLengthOf(property)])
    .filter(([, limit]) => limit !== undefined);
  if (fields.length === 0) continue;
  lines.push(`  ${name}: {`);
  for (const [key, limit] of fields) lines.push(`    ${/^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`}: ${limit},`);
  lines.push('  },');
}
lines.push('} as const;', '');
const text = lines.join('\n');

writeOrCheck(target, 'src/types/limits.ts', text);
