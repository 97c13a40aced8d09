import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18next } from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { ChargesEditor, lineOf } from './charges-editor';
import type { Kind, Line } from './charges-editor';

const KINDS: Kind[] = [
  { code: 'OFR', name: 'Ocean freight', per: 'container' },
  { code: 'THC', name: 'Terminal handling', per: 'container' },
  { code: 'DOC', name: 'Documentation fee', per: 'booking' },
];

function Editor() {
  const [lines, setLines] = useState<Line[]>(KINDS.map((kind) => lineOf(kind, '10')));
  return <ChargesEditor lines={lines} onLines={setLines} kinds={KINDS} quantity={2} />;
}

describe("a charge line's Remove (record 3884)", () => {
  const removeOf = (name: string) =>
    screen.getByRole('button', { name: i18next.t('operations:quote.removeLabel', { name }) });

  it("gives the focus to the next line's Remove, the previous one's for the last line, then the choice to add", () => {
    renderWithProviders(<Editor />);
    const first = removeOf('Ocean freight');
    first.focus();
    fireEvent.click(first);
    expect(first.isConnected).toBe(false);
    expect(document.activeElement).toBe(removeOf('Terminal handling'));
    expect(screen.getByRole('status').textContent).toBe('Ocean freight removed');

    fireEvent.click(removeOf('Documentation fee'));
    expect(document.activeElement).toBe(removeOf('Terminal handling'));

    fireEvent.click(removeOf('Terminal handling'));
    expect(document.activeElement).toBe(screen.getByLabelText(i18next.t('operations:quote.addCharge')));
    expect(screen.getByRole('status').textContent).toBe('Terminal handling removed');
  });
});
