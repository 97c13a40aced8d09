import { describe, expect, it } from 'vitest';

type Tree = { readonly [key: string]: string | Tree };

const persian = import.meta.glob<Tree>('/src/i18n/locales/fa/*.json', { eager: true, import: 'default' });
const screens = import.meta.glob<string>(['/src/**/*.tsx', '!/src/**/*.test.tsx'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const MIDDLE_DOT = '·';

function texts(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : texts(value)));
}

/** In the Persian font the middle dot is the Persian zero's glyph: "FB-2026-000005 · ۱ × ۲۰" read "۰ ۱ × ۲۰". */
describe('the mark between two facts', () => {
  it('is never the middle dot in Persian words', () => {
    const dotted = Object.entries(persian).flatMap(([path, tree]) =>
      texts(tree)
        .filter((text) => text.includes(MIDDLE_DOT))
        .map((text) => `${path}: ${text}`),
    );
    expect(Object.keys(persian).length).toBeGreaterThan(1);
    expect(dotted).toEqual([]);
  });

  it('is written by the screens as <Separator /> or useSeparator(), the reader language’s mark', () => {
    const written = Object.entries(screens)
      .filter(([path, source]) => !path.endsWith('/separator.tsx') && source.includes(MIDDLE_DOT))
      .map(([path]) => path);
    expect(Object.keys(screens).length).toBeGreaterThan(50);
    expect(written).toEqual([]);
  });
});
