/**
 * A value put into a right-to-left sentence, isolated (record 3884): first-strong isolate U+2068 … pop
 * directional isolate U+2069, so a Latin booking reference, a container number or a code keeps its own order
 * (`FB-2026-000123`, not `000123-2026-FB`) and the sentence's words and punctuation keep theirs around it. Every
 * string a Persian catalogue sentence interpolates goes through it (`./index.ts`), names for screen readers
 * (`aria-label`) and visible link names alike; a name built without the catalogue calls it too.
 */

/** First strong isolate: the value's own first strong letter gives its direction. */
export const FSI = '\u2068';
/** Pop directional isolate: ends an isolate. */
export const PDI = '\u2069';

/** Carries isolates of its own (a Persian amount, `formatMoney`'s U+2066 … U+2069, or words built with their
 * pieces isolated): left as it is. */
const ISOLATED = /[\u2066\u2067\u2068]/;

/** What reorders in a right-to-left sentence: a Latin letter or digit. */
const LATIN = /[A-Za-z0-9]/;

/** `text` isolated from the sentence around it where the sentence reads right to left (`rtl`) and `text` holds
 * a Latin letter or digit; as it is otherwise (words of the sentence's own script), and when it carries
 * isolates of its own. */
export function isolate(text: string, rtl: boolean): string {
  return rtl && LATIN.test(text) && !ISOLATED.test(text) ? `${FSI}${text}${PDI}` : text;
}
