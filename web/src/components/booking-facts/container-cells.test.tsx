import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderContainer } from '@/lib/order-fields';
import { ContainerCells, ContainerHeadings } from './container-cells';

const container = {
  containerId: 7,
  containerNumber: 'HLXU8097389',
  seal: 'SL-42',
  count: 12,
  type: 1,
  grossWeight: 18250.5,
  netWeight: 17000,
} as unknown as OrderContainer;

describe('ContainerHeadings and ContainerCells', () => {
  it('head a container table and fill its row, each cell labelled with its heading', () => {
    render(
      <table>
        <thead>
          <tr>
            <ContainerHeadings />
          </tr>
        </thead>
        <tbody>
          <tr>
            <ContainerCells container={container} />
          </tr>
        </tbody>
      </table>,
    );
    const headings = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headings).toEqual([
      'Container number',
      'Seal',
      'Number of packages',
      'Type of packages',
      'Gross weight (kg)',
      'Net weight (kg)',
    ]);
    const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.map((td) => td.getAttribute('data-label'))).toEqual(headings);
    expect(cells.map((td) => td.textContent)).toEqual(['HLXU8097389', 'SL-42', '12', 'box', '18250.5', '17000']);
  });
});
