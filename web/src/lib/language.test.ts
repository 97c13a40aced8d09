import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage, setLanguage } from '@/i18n';
import persianMessages from '../../../contract/validation-messages.fa.json';
import { accountLanguage, useAccountLanguage } from './account-language';
import { fieldLabel } from './field-words';
import { customerLabel, label, machines, MACHINE_IDS } from './lifecycle';
import { message } from './messages';

describe('shared words follow the language shown', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('names every state of every machine in Persian', async () => {
    for (const id of MACHINE_IDS) {
      for (const state of machines[id].states) {
        expect(state.labelFa, `${id}.${state.name}`).toMatch(/[\u0600-\u06FF]/);
      }
    }
    expect(label('shipping_order', 'issued')).toBe('Bill Of Lading Issued');
    await act(() => setLanguage('fa'));
    expect(label('shipping_order', 'issued')).toBe('بارنامه صادر شد');
    expect(label('rate_request', 0, 1200)).toBe('نرخ اعلام شد');
    expect(customerLabel('rate_request', 'rejected_by_client')).toBe('رد شده توسط شما');
    expect(label('shipping_order', 'issued', null, 'en')).toBe('Bill Of Lading Issued');
  });

  it('says validation messages in Persian, and reads English where no Persian words exist', async () => {
    const english = message('accounts.address.required');
    const words = fieldLabel('nonexistent_word_here');
    await act(() => setLanguage('fa'));
    expect(message('accounts.address.required')).toBe(persianMessages['accounts.address.required']);
    expect(message('accounts.address.required')).not.toBe(english);
    expect(fieldLabel('nonexistent_word_here')).toBe(words);
    expect(customerLabel('rate_request', 'rejected_by_client')).not.toBe('Declined by you');
  });

  it('isolates each example phone number of a Persian message left to right', () => {
    // A mark before the number is not enough: its groups and the "+" then read backwards in the sentence.
    const examples = Object.entries(persianMessages).filter(([, text]) => /\d{3} \d{3}/.test(text));
    expect(examples.map(([key]) => key)).toEqual(
      expect.arrayContaining(['accounts.phone.invalid', 'accounts.phone.foreignInvalid', 'booking.party.phoneInvalid']),
    );
    for (const [key, text] of examples) {
      const numbers = text.match(/\+?\d[\d ]*\d/g) ?? [];
      for (const number of numbers.filter((n) => n.includes(' '))) expect(text, key).toContain(`\u2066${number}\u2069`);
    }
  });

  it("takes the account's language only when it is one the app speaks", () => {
    expect(accountLanguage({ language: 'fa' })).toBe('fa');
    expect(accountLanguage({ language: 'de' })).toBeUndefined();
    expect(accountLanguage({})).toBeUndefined();
    expect(accountLanguage(undefined)).toBeUndefined();
  });

  it("applies the account's language, but not an answer that arrives after the person switched", async () => {
    const first = renderHook(({ me }) => useAccountLanguage(me), {
      initialProps: { me: undefined as object | undefined },
    });
    first.rerender({ me: { language: 'fa' } });
    await waitFor(() => expect(currentLanguage()).toBe('fa'));
    first.unmount();
    await act(() => setLanguage('en'));

    const second = renderHook(({ me }) => useAccountLanguage(me), {
      initialProps: { me: undefined as object | undefined },
    });
    await act(async () => {
      second.result.current('fa');
      await setLanguage('fa');
    });
    second.rerender({ me: { language: 'en' } });
    await act(() => Promise.resolve());
    expect(currentLanguage()).toBe('fa');
  });
});
