import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { rateRequestDetail } from '@/testing/orders';
import { renderReport } from './report';

const base = rateRequestDetail();
const detail = {
  ...base,
  reference: 'FB-2026-000123',
  order: {
    ...base.order!,
    parties: [
      ...base.order!.parties,
      // A foreign party: its phone number must keep its order in a right-to-left cell.
      {
        name: 'Hamburg Imports GmbH',
        address: 'Hafenstraße 1, Hamburg',
        phoneNumber: '+49 40 1234567',
        fax: null,
        partyType: 1,
        isForSwbl: false,
      },
    ],
  },
};

const LATIN_WORD = /[A-Za-z]{3,}/;

describe('the draft bill of lading in Persian', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('is right to left, worded from the catalogue, with Solar Hijri days and Persian digits', async () => {
    await act(() => setLanguage('fa'));
    const root = document.createElement('main');
    renderReport(root, detail);
    expect(root.dir).toBe('rtl');
    expect(root.lang).toBe('fa');
    expect(root.querySelector('h1')?.textContent).toBe('پیش‌نویس بارنامه');
    // The reference and the bill of lading's number are isolated inside the Persian sentence.
    expect(root.querySelector('p.muted')?.textContent).toBe(
      'بارنامهٔ \u2068BL-FB-2026-000123\u2069 (پیش‌نویس) – رزرو \u2068FB-2026-000123\u2069',
    );
    const terms = [...root.querySelectorAll('dt')].map((dt) => dt.textContent ?? '');
    expect(terms).toContain('تاریخ حمل دلخواه');
    expect(terms).toContain('جمع برای ۲');
    // Headings, labels and table headers: no English word left (codes and names are values, not labels).
    for (const label of [...root.querySelectorAll('h1, h2, dt, th')].map((n) => n.textContent ?? '')) {
      expect(label.replace(/\b(HS|IMO|UN|SWBL)\b/g, ''), label).not.toMatch(LATIN_WORD);
    }
    const pair = (term: string) =>
      [...root.querySelectorAll('dl > div')]
        .find((div) => div.querySelector('dt')?.textContent === term)
        ?.querySelector('dd');
    // 2026-12-01 is 1405/09/10 in the Solar Hijri calendar, written in Persian digits.
    expect(pair('تاریخ حمل دلخواه')?.textContent).toBe('۱۴۰۵/۰۹/۱۰');
    expect(pair('تعداد کانتینر')?.textContent).toBe('۲');
    expect(pair('کالای خطرناک')?.textContent).toBe('خیر');
    expect(pair('وضعیت')?.textContent).not.toMatch(LATIN_WORD);
    // A code stays as written, isolated left to right.
    const hs = pair('کد HS')?.querySelector('bdi');
    expect([hs?.getAttribute('dir'), hs?.textContent]).toEqual(['ltr', '080251']);
    const text = root.textContent ?? '';
    expect(text).toContain('پیش‌کرایه');
    expect(text).toContain('فرستنده');
    // The temperature's sign, number and unit one left-to-right isolate (not "C° ۱۸-").
    expect(text).toContain('\u2066−۱۸ °C\u2069');
    // The charges' total says how it adds up, the per-booking fee included, in Persian digits.
    const charges = [...[...root.querySelectorAll('tfoot')][0].querySelectorAll('td')].map((td) => td.textContent);
    // (Each amount is a left-to-right isolate, as formatMoney writes it in Persian.)
    expect(charges).toEqual([
      'جمع',
      '۲ × \u2066$۱٬۲۵۰٫۵۰\u2069 برای هر کانتینر + \u2066$۴۵٫۰۰\u2069 برای هر رزرو',
      '\u2066$۲٬۵۴۶٫۰۰\u2069',
    ]);
    // Container totals in Persian digits; container numbers isolated left to right.
    const foot = [...[...root.querySelectorAll('tfoot')].at(-1)!.querySelectorAll('td')].map((td) => td.textContent);
    // Grouped with the Persian separator, as amounts are.
    const measure = (text: string) => `\u2066${text}\u2069`;
    expect(foot).toEqual(['جمع', '۲ کانتینر', measure('۱۵'), '', measure('۲٬۹۸۷'), measure('۲٬۷۰۰')]);
    const container = [...root.querySelectorAll('td bdi')].find((b) => b.textContent === 'MSCU1234565');
    expect(container?.getAttribute('dir')).toBe('ltr');
  });

  it('writes a fraction as amounts are written, and is titled as its document', async () => {
    await act(() => setLanguage('fa'));
    const root = document.createElement('main');
    const order = { ...detail.order, temprature: -18.5 };
    order.containers = [{ ...order.containers[0], grossWeight: 21450.5 }];
    renderReport(root, { ...detail, order });
    const text = root.textContent ?? '';
    expect(text).toContain('\u2066−۱۸٫۵ °C\u2069');
    expect(text).toContain('\u2066۲۱٬۴۵۰٫۵\u2069');
    // The PDF's default file name: the document's own title and reference, not "Shipping Order Report".
    expect(document.title).toBe('پیش‌نویس بارنامه FB-2026-000123');
  });

  it('puts each cell at the start of its reading (the right, in Persian)', () => {
    const css = readFileSync(resolve(__dirname, '../../../../documents/report.css'), 'utf8');
    expect(css).not.toMatch(/text-align:\s*(left|right)/);
    expect(css).toMatch(/th,\s*td\s*{[^}]*text-align:\s*start/);
  });

  it('isolates every phone number left to right, so a foreign number keeps its order', async () => {
    await act(() => setLanguage('fa'));
    const root = document.createElement('main');
    renderReport(root, detail);
    const phones = [...root.querySelectorAll('td[data-label="تلفن"]')];
    expect(phones.map((td) => td.textContent)).toEqual(['09120000000', '+49 40 1234567']);
    for (const td of phones) {
      const bdi = td.querySelector('bdi');
      expect(bdi?.getAttribute('dir')).toBe('ltr');
      expect(bdi?.textContent).toBe(td.textContent);
    }
  });
});
