import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const ENTRY_WORDS = '.json?entry';

/**
 * `catalogue.json?entry`: a catalogue's top-level sections as named exports of a module of its own, so the
 * entry keeps only the sections it imports (the login page's words) while the whole catalogue stays a chunk
 * of its own for the screens that fetch it (src/i18n/index.ts).
 */
function entryWords(): Plugin {
  return {
    name: 'entry-words',
    enforce: 'pre',
    resolveId(id, importer) {
      if (!id.endsWith(ENTRY_WORDS) || !importer) return null;
      return `${resolve(dirname(importer.split('?')[0]), id.slice(0, -'?entry'.length))}?entry`;
    },
    load(id) {
      if (!id.endsWith(ENTRY_WORDS)) return null;
      const sections = JSON.parse(readFileSync(id.slice(0, -'?entry'.length), 'utf8')) as Record<string, unknown>;
      return Object.entries(sections)
        .map(([name, words]) => `export const ${name} = ${JSON.stringify(words)};`)
        .join('\n');
    },
  };
}

const API = process.env.FREIGHT_API ?? 'http://127.0.0.1:8000';
// Every URL area the FastAPI server answers; the dev server forwards them so the app stays same-origin.
const API_PREFIXES = ['/auth', '/account', '/booking', '/notification', '/file-manager', '/audit', '/v3'];

export default defineConfig({
  plugins: [entryWords(), react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API, changeOrigin: false }])),
    // The lifecycle JSON (../state-machines) and the validation messages (../contract) live beside web/ and are
    // shared with the Python server.
    fs: {
      allow: [
        fileURLToPath(new URL('.', import.meta.url)),
        fileURLToPath(new URL('../state-machines', import.meta.url)),
        fileURLToPath(new URL('../contract', import.meta.url)),
      ],
    },
  },
  preview: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Three pages: the app, the printable report it embeds in an iframe (/documents/report.html), and a
    // booking's letter written in to print and sign (/documents/letter.html).
    rolldownOptions: {
      input: {
        app: fileURLToPath(new URL('./index.html', import.meta.url)),
        report: fileURLToPath(new URL('./documents/report.html', import.meta.url)),
        letter: fileURLToPath(new URL('./documents/letter.html', import.meta.url)),
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // A worker's test files share one jsdom and module registry: building a jsdom per file was 46 of the
    // run's 107 s. What a test leaves behind in shared state is reset in src/testing/setup.ts.
    isolate: false,
    restoreMocks: true,
    // A budget, not a timing assertion: on the 2 shared cores of CI, with the worker pool busy, a
    // multi-step screen test that takes ~1.5 s alone has been seen to pass 5 s (vitest's default).
    testTimeout: 20_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
