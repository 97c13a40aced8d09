import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeDiff } from '@/components/booking-changes';
import { setLanguage } from '@/i18n';
import { fieldLabel, fieldWords } from './field-words';

describe('fieldWords', () => {
  it('says what a field is, whatever the wire spells', () => {
    expect(fieldWords('EconimocCode')).toBe('Economic code');
    expect(fieldWords('RegisterationCode')).toBe('Registration code');
    expect(fieldWords('FirstName')).toBe('First name');
    expect(fieldWords('contactPerson')).toBe('Contact person');
    expect(fieldWords('nationalCode')).toBe('Company ID');
    expect(fieldWords('someNewField')).toBe('Some new field');
  });
});

describe('fieldLabel', () => {
  it("reads a booking's fields from the catalogue the server's trail and changes view read", () => {
    expect(fieldLabel('quantity')).toBe('Number of containers');
    expect(fieldLabel('hsCode')).toBe('HS code');
    expect(fieldLabel('isSWBL')).toBe('Sea waybill');
    expect(fieldLabel('temprature')).toBe('Temperature (°C)');
    expect(fieldLabel('cargo_weight')).toBe('Cargo weight');
  });
});

describe('field words in Persian', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('says every field in the language shown, and English where asked', async () => {
    await act(() => setLanguage('fa'));
    expect(fieldLabel('hsCode')).toBe('کد HS');
    expect(fieldLabel('quantity')).toBe('تعداد کانتینر');
    expect(fieldLabel('isSWBL')).toBe('راه‌نامهٔ دریایی (SWBL)');
    expect(fieldWords('EconimocCode')).toBe('کد اقتصادی');
    expect(fieldWords('nationalCode')).toBe('شناسهٔ ملی شرکت');
    expect(fieldWords('FirstName')).toBe('نام');
    expect(fieldLabel('quantity', 'booking', 'en')).toBe('Number of containers');
    // A field the catalogue lacks reads as its (English) words in either language.
    expect(fieldWords('someNewField')).toBe('Some new field');
  });

  it('names the changes view rows in Persian', async () => {
    await act(() => setLanguage('fa'));
    render(
      <ChangeDiff
        caption="اصلاحیه"
        fields={[
          { field: 'commodity', label: 'Commodity', original: 'Dates', amended: 'Saffron', changed: true },
          { field: 'hs_code', label: 'HS code', original: '080410', amended: '091020', changed: true },
        ]}
      />,
    );
    const rows = screen.getAllByRole('rowheader').map((cell) => cell.textContent ?? '');
    expect(rows[0]).toMatch(/^کالا/);
    expect(rows[1]).toMatch(/^کد HS/);
    expect(rows.join(' ')).not.toMatch(/Commodity|HS code/);
  });
});
