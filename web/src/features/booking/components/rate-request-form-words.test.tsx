import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import catalogue from '../../../../../contract/field-labels.json';
import { stubFetchEachTest } from '@/testing/fetch';
import { readInPersian } from '@/testing/language';
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
