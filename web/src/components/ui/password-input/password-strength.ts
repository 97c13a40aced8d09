/**
 * Spec 000 section 5: 10 points per character up to 50, +25 for an uppercase letter, +25 for a digit.
 * The value counts only above 75 (at least 5 characters, an uppercase letter and a digit).
 */
const STRENGTH_ACCEPTED_ABOVE = 75;
const PER_CHARACTER = 10;
const LENGTH_CAP = 50;
const UPPERCASE_BONUS = 25;
const DIGIT_BONUS = 25;

export function passwordStrength(value: string): number {
  let score = Math.min([...value].length * PER_CHARACTER, LENGTH_CAP);
  if (/[A-Z]/.test(value)) score += UPPERCASE_BONUS;
  if (/\d/.test(value)) score += DIGIT_BONUS;
  return score;
}

export function isAcceptedStrength(score: number): boolean {
  return score > STRENGTH_ACCEPTED_ABOVE;
}

export type StrengthLevel = 'weak' | 'fair' | 'strong';

/** Bar colour: red at 50 or below, amber above 50, green above 75. */
export function strengthLevel(score: number): StrengthLevel {
  if (score > STRENGTH_ACCEPTED_ABOVE) return 'strong';
  if (score > 50) return 'fair';
  return 'weak';
}
