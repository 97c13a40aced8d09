import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextInput } from './text-input';

describe('TextInput', () => {
  it('labels the field and describes it with its error', () => {
    render(<TextInput label="Email" error="Invalid email address." />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Invalid email address.');
    expect(screen.queryByTestId('error-info-icon')).toBeNull();
  });

  it('shows the info icon with the error in edit mode', () => {
    render(<TextInput label="Fax" error="Invalid fax number." editMode />);
    expect(screen.queryByTestId('error-info-icon')).not.toBeNull();
  });

  it('marks required fields without changing the accessible name', () => {
    render(<TextInput label="Username" required />);
    expect(screen.getByLabelText('Username').getAttribute('aria-required')).toBe('true');
  });
});
