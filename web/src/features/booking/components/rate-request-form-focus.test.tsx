import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import catalogue from '../../../../../contract/field-labels.json';
import { i18next } from '@/i18n';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import { RateRequestForm } from './rate-request-form';

const fetchMock = stubFetchEachTest();

describe('a new booking sent empty', () => {
  it('focuses its first invalid field, the port of loading, which its error names', async () => {
    fetchMock.mockImplementation(async () => envelope([]));
    renderWithProviders(<RateRequestForm onSaved={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: i18next.t('booking:rateRequestForm.requestPrice') }));
    const pol = screen.getByRole('combobox', { name: catalogue.booking.pol_id.en });
    await waitFor(() => expect(document.activeElement).toBe(pol));
    expect(pol.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(pol.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      catalogue.booking.pol_id.en,
    );
  });
});
