import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is disabled and busy while loading', () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('shows a check mark for a done secondary button unless in edit mode', () => {
    const { rerender } = render(
      <Button variant="secondary" done>
        Add Supplier
      </Button>,
    );
    expect(screen.queryByTestId('button-done')).not.toBeNull();
    rerender(
      <Button variant="secondary" done editMode>
        Add Supplier
      </Button>,
    );
    expect(screen.queryByTestId('button-done')).toBeNull();
    rerender(
      <Button variant="primary" done>
        Add Supplier
      </Button>,
    );
    expect(screen.queryByTestId('button-done')).toBeNull();
  });

  it('defaults to type button so it never submits a form by accident', () => {
    render(<Button>Cancel</Button>);
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('type')).toBe('button');
  });
});
