import { describe, expect, it } from 'vitest';
import fieldLabels from '../../../contract/field-labels.json';
import persianMessages from '../../../contract/validation-messages.fa.json';

type Tree = { readonly [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
const catalogue = (language: string, namespace: string): Tree => files[`./locales/${language}/${namespace}.json`] ?? {};
const namespaces = [...new Set(Object.keys(files).map((path) => /([\w-]+)\.json$/.exec(path)?.[1] ?? path))];

/** `a.b`-style paths of every leaf; plural forms count as their base key (Persian has one form). */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`]
      : keys(value, `${prefix}${key}.`),
  );
}

describe('the catalogues', () => {
  it('are the same areas in both languages', () => {
    expect(namespaces.length).toBeGreaterThan(1);
    for (const namespace of namespaces) {
      expect(files[`./locales/en/${namespace}.json`], `en/${namespace}`).toBeDefined();
      expect(files[`./locales/fa/${namespace}.json`], `fa/${namespace}`).toBeDefined();
    }
  });

  for (const namespace of namespaces) {
    it(`${namespace}: every key is written in both languages`, () => {
      const english = new Set(keys(catalogue('en', namespace)));
      const persian = new Set(keys(catalogue('fa', namespace)));
      expect(
        [...english].filter((key) => !persian.has(key)),
        'missing in fa',
      ).toEqual([]);
      expect(
        [...persian].filter((key) => !english.has(key)),
        'missing in en',
      ).toEqual([]);
    });
  }

  it('has no empty text', () => {
    for (const [path, tree] of Object.entries(files)) {
      expect(JSON.stringify(tree).match(/":""/g) ?? [], path).toEqual([]);
    }
  });
});

describe('one Persian word per thing (decision 3721)', () => {
  const fax = fieldLabels.profile.fax.fa;
  const leaf = (tree: Tree, path: string): string | Tree | undefined =>
    path
      .split('.')
      .reduce<string | Tree | undefined>((node, key) => (typeof node === 'object' ? node[key] : node), tree);

  // The staff review and the order's party say the shared catalogue's word itself (field-labels-once.test.ts).
  it('calls a fax by the shared catalogue’s word on every screen: sign-up, profile, staff review, the order', () => {
    expect(fax).toBe('نمابر');
    const labels = [
      leaf(catalogue('fa', 'accounts'), 'fieldLabels.fax'),
      leaf(catalogue('fa', 'booking'), 'party.notifyFax'),
      persianMessages['accounts.fax.invalid'],
    ];
    for (const label of labels) expect(label).toContain(fax);
    const everyText = JSON.stringify([...Object.values(files), persianMessages]);
    expect(everyText).not.toContain('دورنگار');
  });
});
