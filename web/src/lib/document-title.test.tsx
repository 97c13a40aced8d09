import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentLayout } from '@/components/layouts';
import { readInPersian } from '@/testing/language';

describe("a page's document title", () => {
  it("is the page's title, then the portal's name", () => {
    render(<ContentLayout title="Bookings" />);
    expect(document.title).toBe('Bookings | Freight Booking Portal');
  });

  describe('in Persian', () => {
    readInPersian();

    it('names the portal in Persian too, not in English', () => {
      render(<ContentLayout title="رزروها" />);
      expect(document.title).toBe('رزروها | درگاه رزرو حمل بار');
    });
  });
});
