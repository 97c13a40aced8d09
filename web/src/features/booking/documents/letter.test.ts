import { describe, expect, it } from 'vitest';
import letters from '../../../../../contract/booking-letters.json';
import { i18next, setLanguage } from '@/i18n';
import { rateRequestDetail } from '@/testing/orders';
import { letterFacts, renderLetter, requested } from './letter';

const EXPORT_LOI = { id: 2, name: 'Export LOI', value: 2, templateUrl: '/t/2' };

describe('the letter written in for a booking', () => {
  it('writes in what the booking says and leaves blanks only for what the portal cannot know', () => {
    const detail = { ...rateRequestDetail(), customerName: 'زهرا حسینی', reference: 'FB-2026-000123' };
    const root = document.createElement('main');
    renderLetter(root, detail, EXPORT_LOI);
    const text = root.textContent ?? '';
    expect(root.querySelector('h1')?.textContent).toBe('Export LOI');
    expect(text).toContain(letters['Export LOI'].en);
    expect(text).not.toContain(letters['Export LOI'].fa);
    expect(text).toContain('Booking referenceFB-2026-000123');
    expect(text).toContain('Shipperزهرا حسینی');
    // The template asks for the shipper's company and address: the address of the order's shipper party.
    expect(text).toContain("Shipper's addressTehran");
    expect(text).toContain(`Containers${detail.quantity} × 40 Refrigerated`);
    expect(text).toContain(`Commodity and HS code${detail.commodity} (HS ${detail.hsCode})`);
    expect(text).toContain('Shipping date2026/12/01');
    expect(text).toContain('Price per container$1,250.50');
    // The whole booking's total as the server totals it (its per-booking fee counted once), not 2 × the price.
    expect(text).toContain('Total for the booking$2,546.00');
    // The consignee is named on the order, later: a blank to fill in, named for a screen reader.
    const blanks = [...root.querySelectorAll('.blank')].map(
      (b) => b.closest('dd')?.previousElementSibling?.textContent,
    );
    expect(blanks).toEqual(['Consignee']);
    expect(root.querySelector('.blank')?.textContent).toBe('to be filled in');
    // A Persian name keeps its own direction inside the English letter.
    const shipper = [...root.querySelectorAll('dd bdi')].find((bdi) => bdi.textContent === 'زهرا حسینی');
    expect(shipper?.getAttribute('dir')).toBe('auto');
    expect(text).toContain('Signature and company stamp');
  });

  it("leaves a line for the shipper's address when the booking has no order yet", () => {
    const facts = Object.fromEntries(letterFacts({ ...rateRequestDetail(), order: null }));
    expect(facts.shipperAddress).toBeNull();
  });

  it('leaves a blank where the booking has no price or date yet', () => {
    const facts = Object.fromEntries(letterFacts({ ...rateRequestDetail(), price: null, preferredShippingDate: null }));
    expect(facts.pricePerContainer).toBeNull();
    expect(facts.total).toBeNull();
    expect(facts.shippingDate).toBeNull();
  });

  it('writes a Persian reader each heading and the undertaking in Persian beside the English the carrier reads', async () => {
    await setLanguage('fa');
    try {
      const detail = { ...rateRequestDetail(), customerName: 'زهرا حسینی', reference: 'FB-2026-000123' };
      const root = document.createElement('main');
      renderLetter(root, detail, EXPORT_LOI);
      expect(root.dir).toBe('rtl');
      const title = root.querySelector('h1');
      expect(title?.firstChild?.textContent).toBe('تعهدنامهٔ صادرات');
      expect(title?.querySelector('[lang="en"]')?.textContent).toBe('Export LOI');
      const statements = [...root.querySelectorAll('.statement')];
      expect(statements.map((p) => p.textContent)).toEqual([letters['Export LOI'].fa, letters['Export LOI'].en]);
      expect(statements[1].getAttribute('lang')).toBe('en');
      expect(statements[1].getAttribute('dir')).toBe('ltr');
      // Each term in Persian with its English; the facts as the carrier reads them, the day in both calendars.
      const facts = Object.fromEntries(
        [...root.querySelectorAll('dt')].map((dt) => [dt.firstChild?.textContent, dt.nextElementSibling?.textContent]),
      );
      expect(facts['شمارهٔ رزرو']).toBe('FB-2026-000123');
      expect(facts['فرستنده']).toBe('زهرا حسینی');
      expect(facts['تاریخ حمل']).toBe('2026/12/01 (۱۴۰۵/۰۹/۱۰)');
      expect(facts['نرخ هر کانتینر']).toBe('$1,250.50');
      expect([...root.querySelectorAll('dt [lang="en"]')].map((s) => s.textContent)).toContain('Port of loading');
      expect(root.querySelector('.blank')?.textContent).toBe('برای پر کردن با دست');
      expect(root.querySelector('.sign')?.textContent).toContain('امضا و مهر شرکت');
      expect(root.querySelector('.sign')?.textContent).toContain('Signature and company stamp');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('reads only a well-formed booking id and a positive document type from its address', () => {
    expect(requested('?booking=abc-123&type=2')).toEqual({ booking: 'abc-123', type: 2 });
    expect(requested('?booking=../../x&type=2')).toBeNull();
    expect(requested('?booking=abc&type=0')).toBeNull();
    expect(requested('?booking=abc&type=two')).toBeNull();
    expect(requested('')).toBeNull();
  });
});
