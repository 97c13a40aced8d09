import { describe, expect, it } from 'vitest';
import erased from '../../../contract/erased-person.json';
import { personWords } from './people';

describe("an erased person's data", () => {
  it("is said in the reader's words; anyone else's name as it is", () => {
    expect(personWords(erased.marker, 'en')).toBe('Erased person');
    expect(personWords(erased.marker, 'fa')).toBe('شخص پاک‌شده');
    // An identifier keeps its tag, so two erased logins stay apart.
    expect(personWords(`${erased.marker} 0a1b2c3d`, 'fa')).toBe('شخص پاک‌شده 0a1b2c3d');
    expect(personWords('Sara Karimi', 'fa')).toBe('Sara Karimi');
  });
});
