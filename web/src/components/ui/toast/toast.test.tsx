import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
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

describe('a failure in a toast (decision 3902)', () => {
  afterEach(() => {
    act(() => clearToasts());
  });

  it('says a refusal in its own words or in those given', () => {
    render(<Toaster />);
    act(() => {
      toast.failure(new ApiError(400, 'cancellation: Already asked', { cancellation: 'Already asked' }));
      toast.failure(new ApiError(400, 'Bad'), 'The template could not be downloaded');
    });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Already asked',
      'The template could not be downloaded',
    ]);
  });

  it('says nothing of a session that has ended: the login page says it', () => {
    render(<Toaster />);
    act(() => {
      toast.failure(new ApiError(401, 'Authentication required', null, { sessionEnded: true }));
      toast.failure(new ApiError(401, null, null, { sessionEnded: true }), 'The template could not be downloaded');
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is how every failure reaches a toast: `toast.error` only takes words that are no failure', () => {
    const src = join(import.meta.dirname, '../../..');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
    );
    // A failure's words handed to toast.error would be toasted on the way to the login page.
    const failureWords =
      /toast\.error\(\s*(errorText\(|(e|err|error|failure|reason)\b|[\w.]*\.(description|message|fields)\b)/;
    const offenders = files.filter((file) => failureWords.test(readFileSync(join(src, file), 'utf8')));
    expect(files.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
