import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readInPersian } from '@/testing/language';
import { setLanguage } from '@/i18n';
import { reviewValue } from './review-value';

describe('a field staff review, in Persian', () => {
  readInPersian();

  it('writes the Solar Hijri birth date in Persian digits, as every other Solar Hijri day', async () => {
    expect(reviewValue('birthDate', '1370/05/14')).toBe('۱۳۷۰/۰۵/۱۴');
    // What is written left to right as typed (an ID, a phone number) keeps its characters.
    expect(reviewValue('nationalId', '6719753983')).toBe('6719753983');
    expect(reviewValue('destinations', ['Hamburg', 'Jebel Ali'])).toBe('Hamburg, Jebel Ali');
    await act(() => setLanguage('en'));
    expect(reviewValue('birthDate', '1370/05/14')).toBe('1370/05/14');
  });
});
