import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import names from '../../../../../contract/reference-names.json';
import { fieldChange, requestedAmendment } from '@/testing/changes';
import { stubFetchEachTest } from '@/testing/fetch';
import { readInPersian } from '@/testing/language';
import { rateRequestDetail } from '@/testing/orders';
import { envelope, renderWithProviders } from '@/testing/render';
import { BookingChangesPanel } from './booking-changes';

// An amendment as the server shows it: reference rows by their English names, numbers as numbers.
const change = fieldChange;
const amendment = requestedAmendment({
  changesPrice: true,
  fields: [
    change('commodity', 'Commodity', 'Sumac', 'Sumac'),
    change('quantity', 'Number of containers', 1, 3),
    change('container_type_id', 'Container type', 'Dry', 'Refrigerated'),
    change('container_size_id', 'Container size', '20', '20'),
    change('pol_id', 'Port of loading', 'Shanghai (CNSHA)', 'Shanghai (CNSHA)'),
  ],
});

const fetchMock = stubFetchEachTest();

describe("a pending amendment's comparison in Persian", () => {
  readInPersian();

  it('names container types and sizes from the shared names and writes numbers in Persian digits', async () => {
    fetchMock.mockImplementation(async () => envelope({ amendment, cancellation: null }));
    renderWithProviders(<BookingChangesPanel detail={rateRequestDetail()} />);
    const table = await screen.findByRole('table');
    const row = (label: string) => {
      const found = within(table)
        .getAllByRole('row')
        .find((tr) => tr.querySelector('th')?.textContent?.startsWith(label));
      return [...(found?.querySelectorAll('td') ?? [])].map((td) => td.textContent);
    };
    expect(row('تعداد کانتینر')).toEqual(['۱', '۳']);
    expect(row('نوع کانتینر')).toEqual([names.containerTypes['1'].fa, names.containerTypes['2'].fa]);
    expect(row('اندازهٔ کانتینر')).toEqual([names.containerSizes['1'].fa, names.containerSizes['1'].fa]);
    // What the customer typed and a port's name stay as they are.
    expect(row('کالا')).toEqual(['Sumac', 'Sumac']);
    expect(row('بندر بارگیری')).toEqual(['Shanghai (CNSHA)', 'Shanghai (CNSHA)']);
    expect(table.textContent).not.toMatch(/Dry|Refrigerated|[0-9]/);
  });
});
