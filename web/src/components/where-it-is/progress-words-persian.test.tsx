import { describe, expect, it } from 'vitest';
import { readInPersian } from '@/testing/language';
import { loadedProgress } from '@/testing/tracking';
import { progressWords } from './progress-words';

const loaded = loadedProgress();

describe('the tracking progress in Persian', () => {
  readInPersian();

  it('words the stage, the arrival in the Solar Hijri calendar and the delay with Persian digits', () => {
    const said = progressWords(loaded);
    expect(said).toBe(
      'بارگیری روی \u2068KING OF THE SEAS\u2069 در \u2068Bandar Abbas\u2069، رسیدن به \u2068Hamburg\u2069 در ۱۴۰۵/۱۰/۲۴، ۲ روز تأخیر',
    );
    // No English interface word: only the names of the vessel and the ports are Latin.
    expect(said.replace(/\u2068[^\u2069]*\u2069/g, '')).not.toMatch(/[A-Za-z]/);
  });

  it("dates the arrival by the day at its port, not UTC's", () => {
    // 2027-01-13T23:30Z is the 14th at a port an hour or more east of UTC: the server says which day.
    const late = { ...loaded, estimatedArrival: '2027-01-13T23:30:00Z', arrivalDay: '2027-01-14' };
    expect(progressWords(late)).toContain('در ۱۴۰۵/۱۰/۲۴،');
  });

  it('says it waits for the first milestone before any', () => {
    const waiting = {
      ...loaded,
      stage: null,
      estimatedArrival: null,
      arrivalDelayHours: null,
      summary: 'Booking confirmed; waiting for the first milestone',
    };
    expect(progressWords(waiting)).toBe('رزرو تأیید شد؛ در انتظار نخستین مرحله');
  });
});

describe('the tracking progress of a booking that ended, in Persian', () => {
  readInPersian();

  const ended = loadedProgress({
    summary: 'Loaded on KING OF THE SEAS at Bandar Abbas; tracking stopped when the booking ended',
    estimatedArrival: null,
    arrivalDelayHours: null,
    plannedArrival: null,
    arrivalPort: null,
    arrivalPortName: null,
    ended: true,
  });

  it('words the last milestone and that tracking stopped with the booking, forecasting nothing', () => {
    expect(progressWords(ended)).toBe(
      'بارگیری روی \u2068KING OF THE SEAS\u2069 در \u2068Bandar Abbas\u2069؛ رهگیری با پایان رزرو متوقف شد',
    );
  });

  it('says tracking stopped before any milestone, not that it waits for one', () => {
    const none = { ...ended, stage: null, summary: 'Tracking stopped when the booking ended, before any milestone' };
    expect(progressWords(none)).toBe('رهگیری با پایان رزرو، پیش از نخستین مرحله، متوقف شد');
  });
});

describe('the tracking progress in English', () => {
  it('is the server summary, unchanged', () => {
    expect(progressWords(loaded)).toBe(loaded.summary);
  });
});
