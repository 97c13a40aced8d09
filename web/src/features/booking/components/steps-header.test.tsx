import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StepsHeader } from './steps-header';

/** A booking's page at step `active`, whose step's button goes with the step. */
function Page({ active }: { active: number }) {
  return (
    <main>
      <h1>Booking</h1>
      <StepsHeader active={active} />
      {active === 0 ? <button type="button">Accept quote</button> : <p>Fill in the booking letter</p>}
    </main>
  );
}

describe('the steps header', () => {
  it("gives the page's heading the focus when the next step took away the part that held it", () => {
    const { rerender } = render(<Page active={0} />);
    screen.getByRole('button', { name: 'Accept quote' }).focus();
    rerender(<Page active={1} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Booking' }));
  });

  it('leaves the focus where it is when the step moves on while the person is elsewhere', () => {
    const { rerender } = render(
      <>
        <input aria-label="Note" />
        <Page active={0} />
      </>,
    );
    screen.getByRole('textbox', { name: 'Note' }).focus();
    rerender(
      <>
        <input aria-label="Note" />
        <Page active={1} />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note' }));
  });
});
