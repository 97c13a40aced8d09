import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readInPersian } from '@/testing/language';
import { PasswordInput } from './password-input';
import { isAcceptedStrength, passwordStrength, strengthLevel } from './password-strength';

describe('password strength', () => {
  it('scores 10 per character up to 50', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc')).toBe(30);
    expect(passwordStrength('abcde')).toBe(50);
    expect(passwordStrength('abcdefghijkl')).toBe(50);
  });

  it('adds 25 for an uppercase letter and 25 for a digit', () => {
    expect(passwordStrength('Abc')).toBe(55);
    expect(passwordStrength('ab1')).toBe(55);
    expect(passwordStrength('Abcd1')).toBe(100);
    expect(passwordStrength('A1')).toBe(70);
  });

  it('accepts only above 75', () => {
    expect(isAcceptedStrength(passwordStrength('abcd1'))).toBe(false); // 75 exactly
    expect(isAcceptedStrength(passwordStrength('Abcd1'))).toBe(true);
    expect(isAcceptedStrength(passwordStrength('Abcdefgh'))).toBe(false);
  });

  it('colours the bar red up to 50, amber above 50, green above 75', () => {
    expect(strengthLevel(50)).toBe('weak');
    expect(strengthLevel(55)).toBe('fair');
    expect(strengthLevel(75)).toBe('fair');
    expect(strengthLevel(80)).toBe('strong');
  });
});

describe('PasswordInput', () => {
  it('toggles between hidden and shown text', () => {
    render(<PasswordInput label="Password" />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(input.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('with passwordCheck hands on the value only when strong enough', () => {
    const onAcceptedChange = vi.fn();
    const onChange = vi.fn();
    render(
      <PasswordInput label="New password" passwordCheck onAcceptedChange={onAcceptedChange} onChange={onChange} />,
    );
    const input = screen.getByLabelText('New password');
    fireEvent.change(input, { target: { value: 'abcd1' } });
    expect(onAcceptedChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('75');
    fireEvent.change(input, { target: { value: 'Abcd1' } });
    expect(onAcceptedChange).toHaveBeenLastCalledWith('Abcd1');
    expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe('Strong');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('PasswordInput in Persian', () => {
  readInPersian();

  it('says the strength in the words of the page', () => {
    render(<PasswordInput label="رمز عبور تازه" passwordCheck onAcceptedChange={vi.fn()} />);
    const input = screen.getByLabelText('رمز عبور تازه');
    const said = () => [
      screen.getByRole('meter').getAttribute('aria-valuetext'),
      screen.getByText(/./, { selector: 'span[aria-hidden="true"]' }).textContent,
    ];
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(said()).toEqual(['ضعیف', 'ضعیف']);
    fireEvent.change(input, { target: { value: 'Abc' } });
    expect(said()).toEqual(['متوسط', 'متوسط']);
    fireEvent.change(input, { target: { value: 'Abcd1' } });
    expect(said()).toEqual(['قوی', 'قوی']);
  });
});
