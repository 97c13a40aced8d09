import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiBadge } from './api-badge';

describe('ApiBadge', () => {
  it('marks a booking made through the API and nothing else', () => {
    const { rerender } = render(<ApiBadge viaApi />);
    expect(screen.getByTestId('api-badge').textContent).toBe('API');
    rerender(<ApiBadge viaApi={false} />);
    expect(screen.queryByTestId('api-badge')).toBeNull();
  });
});
