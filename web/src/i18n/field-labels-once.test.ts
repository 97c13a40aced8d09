import { describe, expect, it } from 'vitest';
import fieldLabels from '../../../contract/field-labels.json';
import { snake } from '@/lib/field-words';

/**
 * A person's field (a phone, a fax, a name) is worded once, in contract/field-labels.json (`profile`,
 * `person`), which the server and the web both read (web/src/lib/field-words.ts). A web catalogue that
 * writes the same field's words again under a key of its own drifts from it: `فکس` stood beside `نمابر`.
 * This fails on a catalogue value that is the contract's label, in the same language, of the field its key
 * names. A label that says more ("Fax (optional)") or something else is the screen's own and stays.
 */
type Tree = { readonly [key: string]: string | Tree | readonly unknown[] };
type Labels = Record<string, Record<string, string>>;

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
const AREAS: Record<string, Labels> = { profile: fieldLabels.profile, person: fieldLabels.person };
const ALIASES: Record<string, string> = fieldLabels.aliases;

/** Keys the screens spell otherwise for a field the contract names. */
const SYNONYMS: Record<string, string> = { phone_number: 'phone', company_id: 'national_code', e_mail: 'email' };

/** Same words, another thing, or a place that may not read the contract: `namespace:path` -> why. */
const OWN_WORDS: Record<string, string> = {
  'accounts:loginForm.username':
    "the login page's entry carries only its own sections (scripts/login-size.mjs), not the contract",
  'booking:letter.name': "a signature line of the printed letter (who signs), not a record's field",
  'audit:fields.name': "a team's or a record's own name: the audit screens' word before the contract's",
  'audit:fields.company_name': "a colleague's company as the trail names it, read before the contract",
};

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'string') return [[`${prefix}${key}`, value]];
    if (Array.isArray(value)) return [];
    return leaves(value as Tree, `${prefix}${key}.`);
  });
}

/** The contract's field a catalogue key names, by its last part (`fieldLabels.phone` -> `phone`). */
function fieldOf(path: string): string {
  const name = snake(path.split('.').pop() ?? path);
  const aliased = ALIASES[name] ?? name;
  return SYNONYMS[aliased] ?? aliased;
}

/** Every catalogue value that repeats the contract's label for its key's field: `fa/booking:party.fax`. */
function repeatedLabels(catalogues: Record<string, Tree>): string[] {
  return Object.entries(catalogues).flatMap(([file, tree]) => {
    const [, language, namespace] = /\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (!language || !namespace) return [];
    return leaves(tree)
      .filter(([path]) => !(`${namespace}:${path}` in OWN_WORDS))
      .filter(([path, value]) => Object.values(AREAS).some((labels) => labels[fieldOf(path)]?.[language] === value))
      .map(([path, value]) => `${language}/${namespace}:${path} = ${value}`);
  });
}

describe("a person's field labels are the contract's, written once (contract/field-labels.json)", () => {
  it('no web catalogue repeats one under a key of its own', () => {
    expect(repeatedLabels(files)).toEqual([]);
  });

  it("finds a repeated label, in either language, by its key's field", () => {
    const catalogues = {
      './locales/en/booking.json': { party: { fax: 'Fax', notifyFax: 'Notify Party Fax' } },
      './locales/fa/admin.json': { fields: { registerationCode: 'شمارهٔ ثبت', companyId: 'شناسهٔ ملی شرکت' } },
      './locales/fa/accounts.json': { teamPanel: { eMail: 'ایمیل' }, fieldLabels: { fax: 'نمابر (اختیاری)' } },
    };
    expect(repeatedLabels(catalogues)).toEqual([
      'en/booking:party.fax = Fax',
      'fa/admin:fields.registerationCode = شمارهٔ ثبت',
      'fa/admin:fields.companyId = شناسهٔ ملی شرکت',
      'fa/accounts:teamPanel.eMail = ایمیل',
    ]);
  });

  it('leaves a screen its own words only where its catalogue still has them', () => {
    const english = Object.fromEntries(
      Object.entries(files)
        .filter(([file]) => file.includes('/en/'))
        .flatMap(([file, tree]) => leaves(tree).map(([path]) => [`${/([\w-]+)\.json$/.exec(file)?.[1]}:${path}`, 1])),
    );
    expect(Object.keys(OWN_WORDS).filter((key) => !(key in english))).toEqual([]);
  });
});
