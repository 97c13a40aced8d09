// Gzip size of what a first visit to /login downloads: index.html, the entry chunk with its static
// imports and CSS, and the lazily loaded login route with its own. Run after `npm run build`.
// Fails when the total exceeds the budget (150 KB by default, LOGIN_BUDGET_KB to change it). Part of `npm test`
// (so of `make test`, which builds first).
// Also the common-password lists a password form loads on its own (src/lib/common-passwords.ts): every
// chunk built from @zxcvbn-ts, against their budget (300 KB, PASSWORD_LISTS_BUDGET_KB; decision 3817).
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

/** The files of `keys`' chunks with their static imports and CSS. */
function filesOf(keys, files = new Set()) {
  const collect = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) collect(dep);
  };
  keys.forEach(collect);
  return files;
}

/** Prints each file's gzip size and the total; false when the total is over `budget` KB. */
function measure(files, what, budget) {
  let total = 0;
  for (const file of [...files].sort()) {
    const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    total += size;
    console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
  }
  console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  total gzip for ${what} (budget ${budget} KB)`);
  return total <= budget * 1024;
}

const login = filesOf(['src/features/accounts/routes/login.tsx'], new Set(['index.html']));
filesOf(['index.html'], login);
if (!measure(login, '/login', budgetKb)) {
  console.error('Over budget: keep heavy dependencies out of the entry and the login route.');
  process.exit(1);
}
const listsBudgetKb = Number(process.env.PASSWORD_LISTS_BUDGET_KB ?? 300);
const lists = filesOf(Object.keys(manifest).filter((key) => key.startsWith('node_modules/@zxcvbn-ts/')));
if (lists.size === 0) {
  console.error('No common-password lists in the build: src/lib/common-passwords.ts loads them.');
  process.exit(1);
}
if (!measure(lists, "a password form's common-password lists", listsBudgetKb)) {
  console.error('Over budget: a phone fetches these for every password form (decision 3817).');
  process.exit(1);
}
