import { describe, expect, it } from 'vitest';
import erased from '../../../contract/erased-person.json';
import { personName, personWords } from './people';

describe("an erased person's data", () => {
  it("is said in the reader's words; anyone else's name as it is", () => {
    expect(personWords(erased.marker, 'en')).toBe('Erased person');
    expect(personWords(erased.marker, 'fa')).toBe('شخص پاک‌شده');
    // An identifier keeps its tag, so two erased logins stay apart.
    expect(personWords(`${erased.marker} 0a1b2c3d`, 'fa')).toBe('شخص پاک‌شده 0a1b2c3d');
    expect(personWords('Sara Karimi', 'fa')).toBe('Sara Karimi');
  });

  it('is named once, not once a part', () => {
    expect(personWords(personName(erased.marker, erased.marker), 'fa')).toBe('شخص پاک‌شده');
    expect(personName('سارا', ' کریمی ')).toBe('سارا کریمی');
    expect(personName('Sara', null)).toBe('Sara');
    expect(personName(undefined, '')).toBe('');
  });
});

// Every screen's source, read as text: a person's name or identity number drawn straight from an answer skips
// `personWords`.
const sources = import.meta.glob<string>('/src/**/*.tsx', { query: '?raw', import: 'default', eager: true });
const DRAWN_BARE =
  /(^|[^=])\{\s*[\w.?]+\.(customerName|actorName|who|nationalId)\s*\}|\$\{\s*[\w.?]+\.(customerName|actorName|who|nationalId)\s*\}/;

describe("a person's name on a screen", () => {
  it('is drawn through personWords wherever an answer names a customer or an actor', () => {
    const files = Object.entries(sources).filter(([path]) => !path.endsWith('.test.tsx'));
    expect(files.length).toBeGreaterThan(50);
    const bare = files.flatMap(([path, text]) =>
      text
        .split('\n')
        .flatMap((line, index) => (DRAWN_BARE.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(bare).toEqual([]);
  });

  it('finds a name drawn bare', () => {
    expect(DRAWN_BARE.test('<bdi>{row.customerName}</bdi>')).toBe(true);
    expect(DRAWN_BARE.test('`(${b.customerName})`')).toBe(true);
    expect(DRAWN_BARE.test('<bdi>{personWords(row.customerName)}</bdi>')).toBe(false);
    expect(DRAWN_BARE.test('<ActorLabel name={event.actorName} />')).toBe(false);
    expect(DRAWN_BARE.test('<bdi>{item.nationalId}</bdi>')).toBe(true);
  });
});
