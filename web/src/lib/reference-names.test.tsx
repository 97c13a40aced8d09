import { readFileSync } from 'node:fs';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookingFacts } from '@/components/booking-facts';
import names from '../../../contract/reference-names.json';
import { readInPersian } from '@/testing/language';
import { rateRequestDetail } from '@/testing/orders';
import { equipmentName, referenceName } from './reference-names';
import type { ReferenceCatalogue } from './reference-names';

/** The rows the release seeds (id, name), from the server's own reference files. */
function seeded(file: string): [number, string][] {
  const text = readFileSync(`${import.meta.dirname}/../../../domain/booking/reference/${file}`, 'utf8');
  const [header, ...lines] = text.trim().split('\n');
  const columns = header.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return [Number(cells[columns.indexOf('id')]), cells[columns.indexOf('name')]];
  });
}

const FILES: [ReferenceCatalogue, string][] = [
  ['documentTypes', 'document_types.csv'],
  ['containerTypes', 'container_types.csv'],
  ['containerSizes', 'container_sizes.csv'],
];

describe('the names of the seeded reference rows', () => {
  for (const [catalogue, file] of FILES) {
    it(`${catalogue}: every row of ${file} is named in both languages, English as the file names it`, () => {
      const rows = seeded(file);
      expect(rows.length).toBeGreaterThan(2);
      for (const [id, name] of rows) {
        expect(referenceName(catalogue, { id, name: 'from the server' }, 'en'), `${file} ${id}`).toBe(name);
        const persian = referenceName(catalogue, { id, name }, 'fa');
        expect(persian, `${file} ${id} in Persian`).not.toMatch(/[A-Za-z0-9]/);
      }
    });
  }

  it("keeps the server's name for a row the release does not seed, in either language", () => {
    expect(referenceName('containerTypes', { id: 99, name: 'Ventilated' }, 'fa')).toBe('Ventilated');
    expect(referenceName('containerTypes', { id: null, name: null }, 'en')).toBe('');
  });
});

describe("a booking's containers in Persian", () => {
  readInPersian();

  it('names the container size and type in Persian on the booking facts', () => {
    const request = {
      ...rateRequestDetail(),
      containerType: { id: 1, name: 'Dry', value: 1 },
      containerSize: { id: 3, name: '40HC', value: 3 },
    };
    render(<BookingFacts request={request} />);
    const named = `${names.containerSizes['3'].fa} ${names.containerTypes['1'].fa}`;
    expect(named).not.toMatch(/[A-Za-z0-9]/);
    expect(screen.getByText(new RegExp(named)).textContent).not.toMatch(/Dry|40HC/);
    expect(equipmentName(request.containerSize, request.containerType)).toBe(named);
  });
});
