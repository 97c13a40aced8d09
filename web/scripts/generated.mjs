// A file generated from openapi.json: written, or with `--check`, compared with what is there (a stale or
// missing file fails, naming the command that writes it).
import { readFileSync, writeFileSync } from 'node:fs';

export function writeOrCheck(target, name, text) {
  if (!process.argv.includes('--check')) {
    writeFileSync(target, text);
    return;
  }
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing: stale as well
  }
  if (current !== text) {
    console.error(`${name} is not what openapi.json gives: run \`npm run api:types\`.`);
    process.exit(1);
  }
}
