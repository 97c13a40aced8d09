import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('takes no click while loading, yet keeps the focus it had', () => {
    const clicked = vi.fn();
    render(
      <Button loading onClick={clicked}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    button.focus();
    fireEvent.click(button);
    expect(clicked).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    // Not `disabled`: a disabled button drops the keyboard's focus to the page while the work goes on.
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('says a done step in its name, not by its check mark alone', () => {
    render(
      <Button variant="secondary" done>
        Add Shipper
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Add Shipper (done)' })).toBeTruthy();
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
