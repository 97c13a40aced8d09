// Gzip size of what a first visit to /login downloads: index.html, the entry chunk with its static
// imports and CSS, and the lazily loaded login route with its own. Run after `npm run build`.
// Fails when the total exceeds the budget (150 KB by default, LOGIN_BUDGET_KB to change it). Part of `npm test`
// (so of `make test`, which builds first).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
if (!existsSync(join(dist, '.vite/manifest.json'))) {
  console.error('No build to measure: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const budgetKb = Number(process.env.LOGIN_BUDGET_KB ?? 150);

const files = new Set(['index.html']);
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) collect(dep);
}
collect('index.html');
collect('src/features/accounts/routes/login.tsx');

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  total gzip for /login (budget ${budgetKb} KB)`);
if (total > budgetKb * 1024) {
  console.error('Over budget: keep heavy dependencies out of the entry and the login route.');
  process.exit(1);
}
