import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function setup() {
  const onAct = vi.fn();
  const onKeep = vi.fn();
  render(
    <ConfirmDialog
      open
      title="Decline this quote?"
      act="Decline quote"
      onAct={onAct}
      keep="Keep quote"
      onKeep={onKeep}
      destructive
    >
      <p>You cannot accept this price afterwards.</p>
    </ConfirmDialog>,
  );
  return { onAct, onKeep };
}

describe('ConfirmDialog', () => {
  it('names the act on its button and never says Cancel', () => {
    const { onAct, onKeep } = setup();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Decline quote' }));
    expect(onAct).toHaveBeenCalledOnce();
    expect(onKeep).not.toHaveBeenCalled();
  });
  it('Keep, Escape and the close icon change nothing', () => {
    const { onAct, onKeep } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Keep quote' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onKeep).toHaveBeenCalledTimes(3);
    expect(onAct).not.toHaveBeenCalled();
  });

  it('acts once however often it is clicked before the act answers (a double click)', async () => {
    let answer = () => {};
    const onAct = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const onKeep = vi.fn();
    render(<ConfirmDialog open title="Cancel?" act="Send" onAct={onAct} keep="Keep" onKeep={onKeep} />);
    const send = screen.getByRole('button', { name: 'Send' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(onAct).toHaveBeenCalledOnce();
    await act(async () => answer());
    fireEvent.click(send);
    expect(onAct).toHaveBeenCalledTimes(2);
  });
});
