import { describe, expect, it } from 'vitest';
import letterPage from '../../../../documents/letter.html?raw';
import reportPage from '../../../../documents/report.html?raw';

/** What a reader sees of a page before its script runs: the body's words, and whether Print shows. */
function beforeScript(html: string): { words: string; printShown: boolean } {
  const page = new DOMParser().parseFromString(html, 'text/html');
  page.querySelectorAll('script').forEach((script) => script.remove());
  const print = page.getElementById('print');
  return { words: (page.body.textContent ?? '').trim(), printShown: print !== null && !print.hidden };
}

describe('a printable page before its script runs', () => {
  // Its script writes every word in the reader's language; a word in the page itself is English to a
  // Persian reader until then.
  it.each([
    ['letter', letterPage],
    ['report', reportPage],
  ])('the %s page holds no words and no Print button yet', (_name, html) => {
    expect(beforeScript(html)).toEqual({ words: '', printShown: false });
  });
});
