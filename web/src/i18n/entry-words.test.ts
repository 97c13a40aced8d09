import { describe, expect, it } from 'vitest';
import accounts from './locales/en/accounts.json';
import * as accountsSections from './locales/en/accounts.json?entry';
import common from './locales/en/common.json';
import * as commonSections from './locales/en/common.json?entry';

describe("the entry's English words (catalogue.json?entry)", () => {
  it("are the catalogue's own sections, word for word, each a named export the entry picks from", () => {
    expect(Object.keys(commonSections).sort()).toEqual(Object.keys(common).sort());
    expect(Object.keys(accountsSections).sort()).toEqual(Object.keys(accounts).sort());
    for (const [name, words] of Object.entries(commonSections)) {
      expect(words, `common.${name}`).toEqual(common[name as keyof typeof common]);
    }
    for (const [name, words] of Object.entries(accountsSections)) {
      expect(words, `accounts.${name}`).toEqual(accounts[name as keyof typeof accounts]);
    }
  });
});
