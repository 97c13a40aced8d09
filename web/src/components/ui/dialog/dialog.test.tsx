import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

describe('Dialog', () => {
  it('is a labelled modal dialog that closes on Escape', () => {
    const onClose = vi.fn();
    render(
      <Dialog open onClose={onClose} title="Confirmation" actions={<button type="button">Confirm</button>}>
        Are you sure?
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Confirmation' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the dialog', () => {
    render(
      <Dialog open onClose={() => {}} title="Decline" actions={<button type="button">Send</button>}>
        <input aria-label="Description" />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog');
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('does not close on Escape when not dismissible, and renders nothing when closed', () => {
    const onClose = vi.fn();
    const { rerender } = render(<Dialog open onClose={onClose} title="Busy" dismissible={false} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    rerender(<Dialog open={false} onClose={onClose} title="Busy" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
