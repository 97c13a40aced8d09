/**
 * The server refuses an Iranian identifier whose check digit does not hold (record 3903); the web does not
 * repeat the rule, it shows the server's words at the identifier's field, in the language the server answered.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldWords } from '@/lib/field-words';
import { message } from '@/lib/messages';
import { readInPersian } from '@/testing/language';
import { renderWithProviders } from '@/testing/render';
import { RegistrationForm } from './registration-form';
import { StartForm } from './start-form';

const noop = () => undefined;

/** The words that describe the field labelled `label` (its error under it). */
function saidAt(label: string): string {
  const input = screen.getByLabelText(label, { exact: false });
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function checks(): void {
  it("puts a person's refused national code at the National ID field of the start", async () => {
    const said = message('accounts.identity.nationalCodeCheck');
    renderWithProviders(<StartForm pending={false} serverErrors={{ nationalId: said }} onSubmit={noop} />);
    await waitFor(() => expect(saidAt(fieldWords('nationalId'))).toContain(said));
  });

  it("puts a domestic company's refused national ID at its Company ID field of the start", async () => {
    const said = message('accounts.identity.legalIdCheck');
    renderWithProviders(
      <StartForm
        pending={false}
        initial={{ kind: 2, nationalId: '14003456789', phone: '09121234567' }}
        serverErrors={{ nationalId: said }}
        onSubmit={noop}
      />,
    );
    await waitFor(() => expect(saidAt(fieldWords('nationalCode'))).toContain(said));
  });

  it('puts the refusal of the finalize at the identifier of the form, a person and a company', async () => {
    const person = message('accounts.identity.nationalCodeCheck');
    const { unmount } = renderWithProviders(
      <RegistrationForm
        kind={1}
        nationalId="0012345678"
        phone="09121234567"
        pending={false}
        serverErrors={{ nationalId: person }}
        onSubmit={noop}
        onBack={noop}
      />,
    );
    await waitFor(() => expect(saidAt(fieldWords('nationalId'))).toContain(person));
    unmount();
    const company = message('accounts.identity.legalIdCheck');
    renderWithProviders(
      <RegistrationForm
        kind={2}
        nationalId="14003456789"
        phone="09121234567"
        pending={false}
        serverErrors={{ nationalCode: company }}
        onSubmit={noop}
        onBack={noop}
      />,
    );
    await waitFor(() => expect(saidAt(fieldWords('nationalCode'))).toContain(company));
  });
}

describe('a refused Iranian identifier, in English', () => {
  checks();
});

describe('a refused Iranian identifier, in Persian', () => {
  readInPersian();
  checks();
});
