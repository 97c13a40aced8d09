import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeTable } from './change-table';

describe("a change table's record value", () => {
  it('lists a record of several parts as terms beside their values, not one long line', () => {
    const details = { firstName: 'Sara', lastName: 'Karimi', quantity: 2 };
    render(
      <ChangeTable
        caption="Sign-up"
        initial
        kind="registration"
        changes={[{ field: 'details', before: undefined, after: details, hadBefore: false, unchanged: false }]}
      />,
    );
    const parts = screen.getByRole('table').querySelector('dl');
    expect(parts).not.toBeNull();
    const terms = within(parts as HTMLElement)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toHaveLength(3);
    expect(within(parts as HTMLElement).getByText('Sara')).toBeTruthy();
    expect(screen.queryByText(/Sara, /)).toBeNull();
  });
});
