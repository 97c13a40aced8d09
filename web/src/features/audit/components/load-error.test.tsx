import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { LoadError } from './load-error';

describe('LoadError', () => {
  it("says the screen's words for a 404 and offers no retry, which could not help", () => {
    render(
      <LoadError
        error={new ApiError(404, 'Not found')}
        onRetry={() => undefined}
        notFound="No booking has this reference."
        fallback="The trail could not be loaded."
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('No booking has this reference.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("says the server's description and retries a list's 404 when the screen asks for it", () => {
    const onRetry = vi.fn();
    render(
      <LoadError
        error={new ApiError(404, 'Gone')}
        onRetry={onRetry}
        fallback="The log could not be loaded."
        retryOnNotFound
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Gone');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('falls back to its own words when the failure is not an answer of the server', () => {
    render(
      <LoadError
        error={new TypeError('Failed to fetch')}
        onRetry={() => undefined}
        fallback="The state could not be loaded."
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The state could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).not.toBeNull();
  });
});
