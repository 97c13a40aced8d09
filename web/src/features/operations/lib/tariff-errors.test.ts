// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cellErrorText, cellErrors } from './tariff-errors';

describe('tariff upload errors', () => {
  it('lists each bad cell by line and column, in the file order', () => {
    const listed = cellErrors({
      'rows.12.valid_to': 'valid_to must not be before valid_from',
      'rows.3.pol': 'Not a known port (UN/LOCODE)',
      'rows.12.cargo': 'Cargo must be general, dangerous or any',
      rows: 'The tariff has no rows',
    });
    expect(listed.map(cellErrorText)).toEqual([
      'The tariff has no rows',
      'Line 3, pol: Not a known port (UN/LOCODE)',
      'Line 12, cargo: Cargo must be general, dangerous or any',
      'Line 12, valid_to: valid_to must not be before valid_from',
    ]);
  });

  it('names a whole line when no column is named', () => {
    expect(cellErrors({ 'rows.4': 'The row must have 14 cells' }).map(cellErrorText)).toEqual([
      'Line 4: The row must have 14 cells',
    ]);
  });
});
