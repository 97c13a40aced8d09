import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ready } from './i18n';
import { App } from './app';
import { cleanBidiClipboard } from './lib/bidi-clipboard';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

cleanBidiClipboard();

// The chosen language's words are in before the first paint (English needs no wait).
void ready.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
