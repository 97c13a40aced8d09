import { describe, expect, it } from 'vitest';
import { tracking } from '../../../contract/audit-words.json';
import enTracking from '@/i18n/locales/en/tracking.json';
import faTracking from '@/i18n/locales/fa/tracking.json';

/**
 * A milestone is said by two tables: the booking trail's (contract/audit-words.json `tracking`, after its part:
 * "Container gated in") and the tracking screens' (`milestones`, alone: "Gated in"). They must say the same
 * thing in the same words; only where the screens name a milestone as a noun the trail says as a verb do they
 * differ, and those are listed here, so a new disagreement fails.
 */
const SAID_AS_A_NOUN = ['DEPA', 'ARRI', 'CONF']; // "Departure (estimated)", not "Departed (estimated)"

describe("the tracking screens' milestone words and the trail's", () => {
  const trail: Record<string, { en: string; fa: string }> = tracking;

  it.each([
    ['en', enTracking],
    ['fa', faTracking],
  ] as const)('agree in %s for every milestone and classifier both name', (language, screens) => {
    const milestones: Record<string, string> = screens.milestones;
    const classifiers: Record<string, string> = screens.classifiers;
    const disagree = [
      ...Object.entries(milestones)
        .filter(([code]) => code in trail && !SAID_AS_A_NOUN.includes(code))
        .filter(([code, words]) => trail[code]![language] !== words),
      // The screens write a classifier inside the sentence, in lower case ("Arrival (planned)"), as the trail does.
      ...Object.entries(classifiers).filter(([code, words]) => trail[code]?.[language].toLowerCase() !== words),
    ];
    expect(disagree).toEqual([]);
  });

  it('says no two milestones in the same words', () => {
    for (const words of [enTracking.milestones, faTracking.milestones, trail]) {
      const said = Object.values(words).map((w) => (typeof w === 'string' ? w : w.fa));
      expect(said.length).toBe(new Set(said).size);
    }
  });
});
