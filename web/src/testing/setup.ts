import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadCatalogues } from '@/i18n';

// The app fetches a screen's catalogue areas before the screen renders (its lazy route); tests render screens
// directly, so every English area is in first.
await loadCatalogues();

// Route screens are lazy chunks: on a busy machine the first import of one can take longer than the
// library's default second, which failed `findBy…` waits in whole runs only. A screen that never comes still
// fails, after five seconds.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  if (typeof document === 'undefined') return;
  cleanup();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  localStorage.clear();
});
