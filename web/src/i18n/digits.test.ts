import { describe, expect, it } from 'vitest';
import { formatCount } from '@/lib/format';
import { i18next, loadCatalogues } from './index';

type Tree = { readonly [key: string]: string | readonly string[] | Tree };

const files = import.meta.glob<Tree>('./locales/fa/*.json', { eager: true, import: 'default' });

function sentences(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value]]
      : Array.isArray(value)
        ? []
        : sentences(value as Tree, `${prefix}${key}.`),
  );
}

describe('numbers in Persian sentences', () => {
  it('come out in Persian digits in every sentence of every area, whatever the placeholder is called', async () => {
    await loadCatalogues(undefined, 'fa');
    const fa = i18next.getFixedT('fa');
    let checked = 0;
    for (const [path, tree] of Object.entries(files)) {
      const namespace = /([\w-]+)\.json$/.exec(path)?.[1] ?? path;
      for (const [key, text] of sentences(tree)) {
        const names = [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1] ?? '');
        if (names.length === 0 || /[0-9]/.test(text)) continue;
        const values = Object.fromEntries(names.map((name) => [name, 1234567890]));
        const said = fa(`${namespace}:${key.replace(/_(zero|one|two|few|many|other)$/, '')}`, values as never);
        expect(said, `${namespace}:${key}`).not.toMatch(/[0-9]/);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('keep a text value as it is (a reference or container number is not a number)', () => {
    const fa = i18next.getFixedT('fa');
    expect(fa('booking:changes.amendment' as never, { number: 'A-12' } as never)).toContain('A-12');
    expect(i18next.getFixedT('en')('booking:changes.amendment' as never, { number: 3 } as never)).toContain('3');
  });

  it('shown on their own go through formatCount', () => {
    expect(formatCount(21, 'fa')).toBe('۲۱');
    expect(formatCount(21, 'en')).toBe('21');
    expect(formatCount(null, 'fa')).toBe('-');
  });
});
