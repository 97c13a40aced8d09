import { describe, expect, it } from 'vitest';
import letters from '../../../../../contract/booking-letters.json';
import { i18next, setLanguage } from '@/i18n';
import { rateRequestDetail, shippingOrder } from '@/testing/orders';
import { ON_THE_ORDER, letterFacts, renderLetter, requested } from './letter';

const EXPORT_LOI = { id: 2, name: 'Export LOI', value: 2, templateUrl: '/t/2' };

describe('the letter written in for a booking', () => {
  it('writes in what the booking says and leaves no blank line but the signature lines', () => {
    const detail = { ...rateRequestDetail({ order: null }), customerName: 'زهرا حسینی', reference: 'FB-2026-000123' };
    const root = document.createElement('main');
    renderLetter(root, detail, EXPORT_LOI);
    const text = root.textContent ?? '';
    expect(root.querySelector('h1')?.textContent).toBe('Export LOI');
    expect(text).toContain(letters['Export LOI'].en);
    expect(text).not.toContain(letters['Export LOI'].fa);
    expect(text).toContain('Booking referenceFB-2026-000123');
    expect(text).toContain('Shipperزهرا حسینی');
    // The template asks for the shipper's company and address: the letter is the customer's own, from the
    // address its profile gives (known since sign-up), at its step before any order (decision 3885).
    expect(text).toContain("Shipper's addressNo. 7, Hafez St, Shiraz");
    expect(text).toContain('Postal code7134845791');
    expect(text).toContain(`Containers${detail.quantity} × 40 Refrigerated`);
    expect(text).toContain(`Commodity and HS code${detail.commodity} (HS ${detail.hsCode})`);
    expect(text).toContain('Preferred shipping date2026/12/01');
    expect(text).toContain('Price per container$1,250.50');
    // The whole booking's total as the server totals it (its per-booking fee counted once), not 2 × the price.
    expect(text).toContain('Total for the booking$2,546.00');
    // The consignee is named on the order, later: the letter says so, never a blank line to sign under.
    expect(text).toContain('ConsigneeNamed on the shipping order');
    expect(root.querySelector('.blank')).toBeNull();
    expect([...root.querySelectorAll('dd')].every((dd) => dd.textContent?.trim())).toBe(true);
    // A Persian name keeps its own direction inside the English letter.
    const shipper = [...root.querySelectorAll('dd bdi')].find((bdi) => bdi.textContent === 'زهرا حسینی');
    expect(shipper?.getAttribute('dir')).toBe('auto');
    expect(text).toContain('Signature and company stamp');
  });

  // Each kind of customer signs from its own address, as its profile gives it: a person's, a domestic
  // company's, a foreign company's (written as abroad writes it), whatever the order later names.
  it.each([
    ['an individual', 'Zahra Hosseini', 'خیابان ولیعصر ۱۲، تهران', '1969833111'],
    ['a domestic company', 'Pars Export Co.', 'Valiasr St 120, Tehran', '1517944711'],
    ['a foreign company', 'Hanse Spedition GmbH', 'Hafenstrasse 1, 20457 Hamburg, Germany', '20457'],
  ])("writes %s's own address at the letter step, before any order", (_, name, address, postalCode) => {
    const detail = rateRequestDetail({
      state: 2,
      stateName: 'loi_pending',
      order: null,
      customerName: name,
      customerAddress: address,
      customerPostalCode: postalCode,
    });
    expect(Object.fromEntries(letterFacts(detail))).toMatchObject({
      shipper: name,
      shipperAddress: address,
      shipperPostalCode: postalCode,
      consignee: ON_THE_ORDER,
    });
    // Once the order exists the letter still names the customer's address, not the order's shipper party's.
    const ordered = Object.fromEntries(letterFacts({ ...detail, order: rateRequestDetail().order }));
    expect(ordered.shipperAddress).toBe(address);
  });

  it("names the order's consignee once the order gives one", () => {
    const order = shippingOrder({
      parties: [
        { name: 'Pars Nuts', address: 'Tehran', phoneNumber: '09120000000', fax: null, partyType: 0, isForSwbl: false },
        { name: 'Hamburg Foods', address: 'Hamburg', phoneNumber: '0401', fax: null, partyType: 1, isForSwbl: false },
      ],
    });
    expect(Object.fromEntries(letterFacts(rateRequestDetail({ order }))).consignee).toBe('Hamburg Foods');
  });

  it('leaves out, rather than blank, what the portal does not know', () => {
    const detail = rateRequestDetail({
      price: null,
      preferredShippingDate: null,
      customerAddress: null,
      customerPostalCode: '  ',
    });
    const facts = letterFacts(detail).map(([fact]) => fact);
    for (const unknown of ['pricePerContainer', 'total', 'shippingDate', 'shipperAddress', 'shipperPostalCode']) {
      expect(facts).not.toContain(unknown);
    }
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
      expect(facts['تاریخ حمل دلخواه']).toBe('2026/12/01 (۱۴۰۵/۰۹/۱۰)');
      expect(facts['نرخ هر کانتینر']).toBe('$1,250.50');
      expect([...root.querySelectorAll('dt [lang="en"]')].map((s) => s.textContent)).toContain('Port of loading');
      expect(facts['نشانی فرستنده']).toBe('No. 7, Hafez St, Shiraz');
      expect(facts['کد پستی']).toBe('7134845791');
      // What the order gives later is said in her words beside the carrier's, never a blank line.
      expect(facts['گیرنده']).toBe('در دستور حمل نام برده می‌شود Named on the shipping order');
      expect(root.querySelector('.blank')).toBeNull();
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
