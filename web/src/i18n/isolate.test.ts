import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/format';
import { i18next, loadCatalogues } from './index';
import { FSI, isolate, PDI } from './isolate';
import { readInPersian } from '@/testing/language';

describe('isolate (record 3884)', () => {
  it('wraps a Latin reference, number or code in a first-strong isolate in a right-to-left sentence only', () => {
    expect(isolate('FB-2026-000012', true)).toBe(`${FSI}FB-2026-000012${PDI}`);
    expect(isolate('+98 912 038 2113', true)).toBe('\u2068+98 912 038 2113\u2069');
    expect(isolate('FB-2026-000012', false)).toBe('FB-2026-000012');
  });

  it('leaves words of the sentence’s own script, the empty value and a value with isolates of its own', () => {
    expect(isolate('علی کریمی', true)).toBe('علی کریمی');
    expect(isolate('', true)).toBe('');
    const amount = formatMoney(3010, 'fa');
    expect(isolate(amount, true)).toBe(amount);
    expect(isolate('۲ × ۲۰، \u2068Saffron\u2069', true)).toBe('۲ × ۲۰، \u2068Saffron\u2069');
  });
});

describe('names built from the catalogues', () => {
  it('are as written in English', async () => {
    await act(() => loadCatalogues(['audit', 'accounts', 'booking']));
    expect(i18next.t('audit:search.bookingLabel', { reference: 'FB-2026-000012' })).toBe('Booking FB-2026-000012');
  });

  describe('in Persian', () => {
    readInPersian();

    it('isolate the booking reference, container number or id they embed, whichever sentence names it', () => {
      expect(i18next.t('audit:search.bookingLabel', { reference: 'FB-2026-000012' })).toBe(
        'رزرو \u2068FB-2026-000012\u2069',
      );
      expect(i18next.t('accounts:notificationList.openReference', { reference: 'FB-2026-000012' })).toBe(
        'گشودن \u2068FB-2026-000012\u2069',
      );
      expect(i18next.t('booking:containerDialog.deleteLabel', { name: 'MSCU1000001' })).toBe(
        'حذف کانتینر \u2068MSCU1000001\u2069',
      );
      expect(i18next.t('audit:logRow.openLabel', { kind: 'درخواست نرخ', id: 'agg-1' })).toBe(
        'گشودن خط زمانی درخواست نرخ \u2068agg-1\u2069',
      );
    });

    it('keep a number in Persian digits, not isolated, and Persian words as they are', () => {
      expect(i18next.t('booking:containerDialog.deleteLabel', { name: 12 })).toBe('حذف کانتینر ۱۲');
      expect(i18next.t('booking:containerDialog.deleteLabel', { name: 'پسته' })).toBe('حذف کانتینر پسته');
    });
  });
});
