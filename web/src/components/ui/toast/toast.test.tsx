import { readFileSync } from 'node:fs';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, toast, TOAST_DURATION_MS } from './toast-store';
import { Toaster } from './toaster';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    act(() => clearToasts());
    vi.useRealTimers();
  });

  it('shows a toast and closes it after 3000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Signed in');
    });
    expect(screen.getByRole('status').textContent).toContain('Signed in');
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(screen.queryByText('Signed in')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Signed in')).toBeNull();
  });

  it('announces errors as alerts and can hide the icon', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Error in proccess !', { hideIcon: true });
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Error in proccess !');
    expect(alert.querySelector('svg:not(button svg)')).toBeNull();
  });

  it('enters without fading, so its text has full contrast from the first frame', () => {
    const css = readFileSync(`${import.meta.dirname}/toaster.module.css`, 'utf8');
    const keyframes = css.match(/@keyframes[^{]*\{(?:[^{}]*\{[^}]*\})*[^}]*\}/g) ?? [];
    expect(keyframes.length).toBeGreaterThan(0);
    for (const block of keyframes) expect(block).not.toMatch(/opacity/);
  });
});
