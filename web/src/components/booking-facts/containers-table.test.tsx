import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderContainer } from '@/lib/order-fields';
import { ContainersTable } from './containers-table';

const container = {
  containerId: 7,
  containerNumber: 'HLXU8097389',
  seal: 'SL-42',
  count: 12,
  type: 1,
  grossWeight: 18250.5,
  netWeight: 17000,
} as unknown as OrderContainer;

const HEADINGS = [
  'Container number',
  'Seal',
  'Number of packages',
  'Type of packages',
  'Gross weight (kg)',
  'Net weight (kg)',
];

describe('ContainersTable', () => {
  it('heads a column per container field and fills a row per container, each cell labelled with its heading', () => {
    render(<ContainersTable caption="Containers" containers={[container]} rowKey={(c) => c.containerId} />);
    const table = screen.getByRole('table', { name: 'Containers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(HEADINGS);
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.map((td) => td.getAttribute('data-label'))).toEqual(HEADINGS);
    // A line stored before kinds were kept is a box (the specification's `type` 1).
    expect(cells.map((td) => td.textContent)).toEqual(['HLXU8097389', 'SL-42', '12', 'Boxes', '18250.5', '17000']);
  });

  it("names a line's kind as its shipper declared it: a known code in words, another kind as written", () => {
    const bags = { ...container, type: 2, packageCode: 'BG', packageDescription: 'Bags' };
    const crates = { ...container, containerId: 8, type: null, packageCode: 'CR', packageDescription: 'Crates' };
    render(<ContainersTable caption="Containers" containers={[bags, crates]} rowKey={(c) => c.containerId} />);
    const kinds = screen.getAllByRole('row').slice(1, 3);
    expect(kinds.map((row) => within(row).getAllByRole('cell')[3].textContent)).toEqual(['Bags', 'Crates']);
  });

  it('adds a last column of controls, its heading for screen readers only', () => {
    render(
      <ContainersTable
        caption="Containers added"
        containers={[container]}
        rowKey={(c) => c.containerId}
        action={{ heading: 'Delete', cell: (c) => <button type="button">Delete {c.containerNumber}</button> }}
      />,
    );
    const heads = screen.getAllByRole('columnheader');
    expect(heads.map((th) => th.textContent)).toEqual([...HEADINGS, 'Delete']);
    expect(heads[6].querySelector('.visually-hidden')).not.toBeNull();
    const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells).toHaveLength(7);
    expect(within(cells[6]).getByRole('button').textContent).toBe('Delete HLXU8097389');
  });
});
