/**
 * Passwords too easy to guess: zxcvbn's common-password and word lists (`@zxcvbn-ts`, the lists
 * the server's `zxcvbn` check uses), refused below score 2 with the server's message at the field. The
 * lists are large, so they load on their own (a separate chunk) when a password form opens; until then
 * the field's other rules apply and the server still refuses a common password.
 */
type Scorer = (password: string) => number;

const REFUSED_BELOW = 2;
const CHECKED_LENGTH = 64;
let scorer: Scorer | undefined;
let loading: Promise<void> | undefined;

export function loadCommonPasswords(): Promise<void> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, en]) => {
    const factory = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
    scorer = (password) => factory.check(password.slice(0, CHECKED_LENGTH)).score;
  });
  return loading;
}

/** True when the lists are loaded and `password` is on them (or as easy to guess). */
export function isTooGuessable(password: string): boolean {
  return scorer !== undefined && password.length > 0 && scorer(password) < REFUSED_BELOW;
}
