import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import catalogue from '../../../../../contract/field-labels.json';
import { stubFetchEachTest } from '@/testing/fetch';
import { readInPersian } from '@/testing/language';
import { rateRequestDetail } from '@/testing/orders';
import { envelope, renderWithProviders } from '@/testing/render';
import { RateRequestForm } from './rate-request-form';

// The form says each field as the booking's facts, the audit trail and the server do (decision 3845).
const SAID = ['quantity', 'commodity', 'hs_code', 'preferred_shipping_date', 'is_swbl', 'is_danger'] as const;
const words = (language: 'en' | 'fa') => SAID.map((name) => catalogue.booking[name][language]);

const fetchMock = stubFetchEachTest();

function renderForm() {
  fetchMock.mockImplementation(async () => envelope([]));
  renderWithProviders(<RateRequestForm onSaved={() => {}} />);
}

describe("the rate request form's field words", () => {
  it('are the contract field labels', () => {
    renderForm();
    for (const label of words('en')) expect(screen.getByLabelText(label, { exact: true })).not.toBeNull();
    expect(screen.getByText(catalogue.booking.additional_comment.en, { selector: 'label' })).not.toBeNull();
    expect(screen.queryByText('Is Danger')).toBeNull();
  });

  describe('in Persian', () => {
    readInPersian();

    it('are the contract field labels', () => {
      renderForm();
      for (const label of words('fa')) expect(screen.getByLabelText(label, { exact: true })).not.toBeNull();
      expect(screen.getByText(catalogue.booking.additional_comment.fa, { selector: 'label' })).not.toBeNull();
    });
  });
});

describe('an existing rate request', () => {
  const edited = (stateName: string, state: number) => {
    fetchMock.mockImplementation(async () => envelope([]));
    const detail = rateRequestDetail({ stateName, state, order: null });
    renderWithProviders(<RateRequestForm detail={detail} startEditing onSaved={() => {}} onCancel={() => {}} />);
  };

  it('opens for editing while its lifecycle lets the customer edit it', () => {
    edited('quoted', 0);
    expect((screen.getByLabelText(catalogue.booking.commodity.en, { exact: true }) as HTMLInputElement).disabled).toBe(
      false,
    );
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('stays read-only past its quote, with no Edit, and says why', () => {
    edited('loi_pending', 2);
    expect((screen.getByLabelText(catalogue.booking.commodity.en, { exact: true }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request Price' })).toBeNull();
    expect(screen.getByRole('note').textContent).toMatch(/can no longer be edited/);
  });
});
