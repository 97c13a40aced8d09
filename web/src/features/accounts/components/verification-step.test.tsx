import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadCatalogues } from '@/i18n';
import { readInPersian } from '@/testing/language';
import { VerificationStep } from './verification-step';

const props = {
  code: '',
  remaining: 119,
  wrongCode: false,
  verifying: false,
  resending: false,
  error: null,
  onCode: vi.fn(),
  onConfirm: vi.fn(),
  onResend: vi.fn(),
  onBack: vi.fn(),
};

describe('the verification step in Persian', () => {
  readInPersian();

  it('isolates the phone number left to right inside the sentence, so its groups keep their order', async () => {
    await act(() => loadCatalogues(['accounts']));
    render(<VerificationStep {...props} phone="+98 912 038 2113" />);
    const phone = screen.getByText('\u2068+98 912 038 2113\u2069');
    // A number has no letter to give an isolate its direction: one of its own (auto) would take the sentence's.
    expect([phone.tagName, phone.getAttribute('dir')]).toEqual(['BDI', 'ltr']);
    expect(phone.closest('p')?.textContent).toMatch(/^کد تأیید به شمارهٔ تلفن \u2068\+98 912 038 2113\u2069 فرستاده شد/);
  });
});
