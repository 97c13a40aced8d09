import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useServerCheckedForm } from './server-errors';

interface Values {
  phone: string;
  economicCode: string;
}

const KNOWN = ['phone', 'economicCode'] as const;

describe('useServerCheckedForm', () => {
  it('puts the server messages under the fields it shows and answers the others once each', async () => {
    const fields: Record<string, string> = {
      phone: 'Phone number is not valid.',
      econimicCode: 'Economic code must be 12 digits.',
      nationalCode: 'This company is already registered.',
      nationalId: 'This company is already registered.',
    };
    const { result } = renderHook(() =>
      useServerCheckedForm<Values>({ defaultValues: { phone: '', economicCode: '' } }, fields, KNOWN),
    );
    await act(async () => {});
    expect(result.current.getFieldState('phone').error?.message).toBe('Phone number is not valid.');
    // The specification's misspelt wire key lands on the form's field.
    expect(result.current.getFieldState('economicCode').error?.message).toBe('Economic code must be 12 digits.');
    expect(result.current.unplaced).toEqual(['This company is already registered.']);
  });

  it('places nothing while the server has said nothing', () => {
    const { result } = renderHook(() =>
      useServerCheckedForm<Values>({ defaultValues: { phone: '', economicCode: '' } }, undefined, KNOWN),
    );
    expect(result.current.getFieldState('phone').error).toBeUndefined();
    expect(result.current.unplaced).toEqual([]);
  });
});
