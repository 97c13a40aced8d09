import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadCatalogues } from '@/i18n';
import { SignUpProgress } from './sign-up-progress';

const STEPS = ['Who you are', 'Your details', 'Verify'];

function Page({ current }: { current: number }) {
  return (
    <main>
      <h1>Sign up</h1>
      <SignUpProgress current={current} steps={STEPS} />
      {current === 1 ? <button type="button">Next</button> : <input aria-label="First name" />}
    </main>
  );
}

describe('the sign-up progress', () => {
  it("gives the page's heading the focus when the next step replaced the button that held it", async () => {
    await act(() => loadCatalogues(['accounts']));
    const { rerender } = render(<Page current={1} />);
    screen.getByRole('button', { name: 'Next' }).focus();
    rerender(<Page current={2} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sign up' }));
  });
});
