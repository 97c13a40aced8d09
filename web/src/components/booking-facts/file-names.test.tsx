import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { rateRequestDetail } from '@/testing/orders';
import erased from '../../../../contract/erased-person.json';
import { BookingFacts } from './booking-facts';

// As customers send them (tests/corpus.py): Persian with a Latin extension, and Persian beside Latin words.
const LETTER = 'نامه تعهد.pdf';
const MSDS = 'MSDS پسته 2026.pdf';

const request = rateRequestDetail({
  isDanger: true,
  msds: 'file-msds',
  msdsFileName: MSDS,
  bookingRequest: {
    documents: [{ documentTypeId: 1, documentType: 'Booking Letter', fileId: 'file-letter', fileName: LETTER }],
  },
});

describe("a document's name as its customer sent it", () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  for (const language of ['en', 'fa'] as const) {
    it(`is shown whole and isolated in its own direction beside its link (${language})`, async () => {
      await act(() => setLanguage(language));
      render(<BookingFacts request={request} />);
      for (const name of [LETTER, MSDS]) {
        const node = screen.getByText(name);
        // <bdi> without `dir`: its direction is its own text's (auto), so ".pdf" stays at the end of a Persian name.
        expect([node.tagName, node.getAttribute('dir'), node.textContent]).toEqual(['BDI', null, name]);
      }
      // The name in brackets on a line of its own, under its document's link.
      const nameLine = screen.getByText(LETTER).parentElement!;
      expect(nameLine.textContent).toBe(`(${LETTER})`);
      const letter = nameLine.parentElement!;
      expect(letter.querySelector('a')?.getAttribute('href')).toBe('/file-manager/api/v1/files/file-letter');
    });
  }
});

describe("an erased customer's document", () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  for (const language of ['en', 'fa'] as const) {
    it(`is named as erased in the reader's words, never by the store's marker (${language})`, async () => {
      await act(() => setLanguage(language));
      const gone = rateRequestDetail({
        bookingRequest: {
          documents: [
            { documentTypeId: 1, documentType: 'Booking Letter', fileId: 'file-letter', fileName: erased.marker },
          ],
        },
      });
      const { container } = render(<BookingFacts request={gone} />);
      expect(screen.getByText(erased.words[language]).tagName).toBe('BDI');
      expect(container.textContent).not.toContain(erased.marker);
    });
  }
});
