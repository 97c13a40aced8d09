import { describe, expect, it } from 'vitest';
import { checkDigit, containerNumberProblem, normalizeContainerNumber } from './container-number';

describe('ISO 6346 container numbers', () => {
  it('computes the check digit of real numbers', () => {
    expect(checkDigit('CSQU305438')).toBe(3); // the standard's own example
    expect(checkDigit('BMOU006195')).toBe(0);
    expect(checkDigit('BMOU081532')).toBe(4);
  });

  it('takes the number as people type it', () => {
    expect(normalizeContainerNumber(' bmou 006195-0 ')).toBe('BMOU0061950');
    expect(containerNumberProblem('bmou 006195-0')).toBeNull();
  });

  it('says what is wrong', () => {
    expect(containerNumberProblem('BMOU0061951')).toBe('The check digit of BMOU006195 is 0, not 1');
    expect(containerNumberProblem('BMO0061950')).toMatch(/4 letters/);
  });
});
