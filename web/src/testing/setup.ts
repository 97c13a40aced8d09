import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach } from 'vitest';
import { clearToasts } from '@/components/ui/toast/toast-store';
import { loadCatalogues } from '@/i18n';
import { endSession } from '@/lib/session';

// The app fetches a screen's catalogue areas before the screen renders (its lazy route); tests render screens
// directly, so every English area is in first.
await loadCatalogues();

// Route screens are lazy chunks: on a busy machine the first import of one can take longer than the
// library's default second, which failed `findBy…` waits in whole runs only. A screen that never comes still
// fails, after five seconds.
configure({ asyncUtilTimeout: 5000 });

// The test files of a worker share one environment and module registry (`isolate: false` in vite.config.ts):
// what a test leaves in a module's state (a toast still up, Persian chosen) is put back here.
afterEach(async () => {
  clearToasts();
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
  if (typeof document === 'undefined') return;
  cleanup();
  endSession(); // the cookie and role, and whether the server ended the session
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  localStorage.clear();
});
