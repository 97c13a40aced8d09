// The operations open to anyone (the document gives them no `security`), from openapi.json into
// src/types/public-doors.ts: the API client sends them in no one's name (decision 3913), a rule read from the
// server's own document rather than a list kept by hand. `--check` fails when the file is not what it gives.
import { readFileSync } from 'node:fs';
import { writeOrCheck } from './generated.mjs';

const root = new URL('../', import.meta.url).pathname;
const target = `${root}src/types/public-doors.ts`;
const document = JSON.parse(readFileSync(`${root}openapi.json`, 'utf8'));
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const doors = [];
for (const [path, item] of Object.entries(document.paths)) {
  for (const method of METHODS) {
    const operation = item[method];
    if (!operation) continue;
    const security = operation.security ?? document.security ?? [];
    if (security.length === 0) doors.push([method.toUpperCase(), path]);
  }
}
doors.sort(([m1, p1], [m2, p2]) => (p1 === p2 ? m1.localeCompare(m2) : p1.localeCompare(p2)));

const lines = [
  '// Generated from openapi.json by scripts/public-doors.mjs (`npm run api:types`): edit the server routes instead.',
  '/** The operations anyone may call, signed in or not (no `security` in the document), by method and path. */',
  'export const publicDoors: readonly (readonly [string, string])[] = [',
  ...doors.map(([method, path]) => `  ['${method}', '${path}'],`),
  '];',
  '',
];
const text = lines.join('\n');

writeOrCheck(target, 'src/types/public-doors.ts', text);
