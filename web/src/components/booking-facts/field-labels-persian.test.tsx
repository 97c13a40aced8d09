import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18next } from '@/i18n';
import { persianDigits } from '@/i18n/digits';
import { CONTAINER_FIELDS } from '@/lib/order-fields';
import { readInPersian } from '@/testing/language';
import { rateRequestDetail } from '@/testing/orders';
import { OrderFacts } from './booking-facts';
import { ContainersTable } from './containers-table';

const order = rateRequestDetail().order!;
const LATIN_WORD = /[A-Za-z]{3,}/;

/** What a heading or a term says, less the codes the catalogue itself keeps Latin (SWBL, IMO, UN). */
const words = (text: string | null): string => (text ?? '').replace(/\b(SWBL|IMO|UN)\b/g, '');

describe("the shipping order's field labels in Persian", () => {
  readInPersian();

  it('heads every container column in Persian, its unit too (the container dialog and the facts)', () => {
    render(<ContainersTable caption="کانتینرها" containers={order.containers} rowKey={(c) => c.containerNumber} />);
    const headings = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headings).toHaveLength(CONTAINER_FIELDS.length);
    for (const heading of headings) expect(words(heading.textContent)).not.toMatch(LATIN_WORD);
    // Counts and weights in Persian digits; a container number and a seal keep their own characters.
    const first = order.containers[0];
    const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells[4].textContent).toBe(persianDigits(String(first.grossWeight)));
    expect(cells[0].textContent).toBe(first.containerNumber);
    const gross = i18next.t('booking:containerFields.grossWeight');
    expect(headings.map((h) => h.textContent)).toContain(`${gross} (${i18next.t('booking:units.kg')})`);
  });

  it("names the order's own fields and the parties' columns in Persian (the staff console's facts)", () => {
    render(<OrderFacts order={order} />);
    const terms = document.querySelectorAll('dt');
    expect(terms.length).toBeGreaterThan(0);
    for (const term of terms) expect(words(term.textContent)).not.toMatch(LATIN_WORD);
    const columns = screen.getAllByRole('columnheader');
    for (const column of columns) expect(words(column.textContent)).not.toMatch(LATIN_WORD);
  });
});
