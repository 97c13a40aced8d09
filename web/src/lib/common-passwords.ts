/**
 * Passwords too easy to guess: zxcvbn's common-password lists (`@zxcvbn-ts/language-common`: the
 * passwords people use, keyboard patterns and diceware words), refused below score 2 with the server's
 * message at the field. They load on their own (a separate chunk, about 220 KB gzipped) when a password
 * form opens; until then the field's other rules apply. The server's `zxcvbn` also holds the English word
 * lists, over 600 KB more gzipped, which a phone would fetch for every password form: a password made of
 * English words passes here and the server refuses it, with the same message at the field
 * (docs/decisions/3817).
 */
type Scorer = (password: string) => number;

const REFUSED_BELOW = 2;
const CHECKED_LENGTH = 64;
let scorer: Scorer | undefined;
let loading: Promise<void> | undefined;

export function loadCommonPasswords(): Promise<void> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) => {
    const factory = new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
    scorer = (password) => factory.check(password.slice(0, CHECKED_LENGTH)).score;
  });
  return loading;
}

/** True when the lists are loaded and `password` is on them (or as easy to guess). */
export function isTooGuessable(password: string): boolean {
  return scorer !== undefined && password.length > 0 && scorer(password) < REFUSED_BELOW;
}
