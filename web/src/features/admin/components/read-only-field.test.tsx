import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isLtrKey } from '@/components/ui/ltr';
import { ReadOnlyField } from './read-only-field';

describe('ReadOnlyField', () => {
  it("writes a sign-up's phone, e-mail and IDs left to right; other values in their own direction", () => {
    expect(['phone', 'email', 'fax', 'nationalId', 'phone_number', 'containerNumber'].every(isLtrKey)).toBe(true);
    expect(['address', 'name', 'firstname'].some(isLtrKey)).toBe(false);
    render(<ReadOnlyField label="تلفن" value="+49 40 1234567" ltr />);
    expect(screen.getByLabelText('تلفن').getAttribute('dir')).toBe('ltr');
    render(<ReadOnlyField label="نشانی" value="تهران" />);
    expect(screen.getByLabelText('نشانی').getAttribute('dir')).toBe('auto');
  });
});
