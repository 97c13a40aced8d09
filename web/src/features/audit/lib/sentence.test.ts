import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { eventPhrase, eventSentence } from './sentence';

describe('audit sentences', () => {
  it("says an event in the trail's words, a staff action's by its row, a new one by its type after its part", () => {
    // contract/audit-words.json, as the server's trail says them.
    expect(eventPhrase('PriceAccepted', 'rate_request')).toBe('Price accepted');
    expect(eventPhrase('BookingRequestSubmitted', 'rate_request')).toBe('Booking letter submitted');
    expect(eventPhrase('Invited', 'team')).toBe('Team: member invited');
    expect(eventPhrase('Removed', 'address_book_entry')).toBe('Address book entry: removed');
    // contract/staff-actions.json: RateRequest.Quoted's `trail`.
    expect(eventPhrase('Quoted', 'rate_request')).toBe('Price quoted');
    // One the catalogue lacks: its type's words after the booking's part, or the record's kind.
    expect(eventPhrase('SomethingNew', 'shipping_order')).toBe('Shipping order: something new');
    expect(eventPhrase('Accepted', 'notification')).toBe('Notification: accepted');
  });

  it("leaves an amendment's number out without leaving its Persian ezafe hanging", async () => {
    expect(eventPhrase('AmendmentRequested', 'rate_request')).toBe('Amendment requested');
    expect(eventPhrase('AmendmentPriceExpired', 'rate_request')).toBe("Amendment's new price expired");
    await act(() => setLanguage('fa'));
    expect(eventPhrase('AmendmentRequested', 'rate_request')).toBe('اصلاحیه درخواست شد');
    expect(eventPhrase('AmendmentRequoted', 'rate_request')).toBe('برای اصلاحیه نرخ اعلام شد');
    expect(eventPhrase('AmendmentPriceExpired', 'rate_request')).toBe('مهلت نرخ جدید اصلاحیه گذشت');
    await act(() => setLanguage('en'));
  });

  it("says an amendment's number where the event carries it, as the trail does, in the language's digits", async () => {
    const requested = {
      type: 'AmendmentRequested',
      aggregateKind: 'rate_request',
      actor: { id: 'c1', role: 'customer' },
    };
    expect(eventSentence({ ...requested, actorName: 'Sara Karimi', changes: { number: 2, state: 'requested' } })).toBe(
      'Amendment 2 requested by Sara Karimi (customer)',
    );
    expect(eventPhrase('AmendmentPriceExpired', 'rate_request', { number: 3 })).toBe("Amendment 3's new price expired");
    // A number that is not a whole number is not one: the words go without it.
    expect(eventPhrase('AmendmentRequested', 'rate_request', { number: true })).toBe('Amendment requested');
    expect(eventPhrase('AmendmentRequested', 'rate_request', { number: '2' })).toBe('Amendment requested');
    await act(() => setLanguage('fa'));
    expect(eventPhrase('AmendmentRequested', 'rate_request', { number: 12 })).toBe('اصلاحیهٔ ۱۲ درخواست شد');
    expect(eventPhrase('AmendmentRequoted', 'rate_request', { number: 2 })).toBe('برای اصلاحیهٔ ۲ نرخ اعلام شد');
    await act(() => setLanguage('en'));
  });

  it('names people by name and role, and the system as such', () => {
    const accepted = { type: 'PriceAccepted', aggregateKind: 'rate_request', actor: { id: 'a1', role: 'customer' } };
    expect(eventSentence({ ...accepted, actorName: 'Sara Karimi' })).toBe('Price accepted by Sara Karimi (customer)');
    expect(eventSentence({ ...accepted, actorName: '' })).toBe('Price accepted by a1 (customer)');
    expect(
      eventSentence({
        type: 'Completed',
        aggregateKind: 'rate_request',
        actor: { id: 'system', role: 'system' },
        actorName: 'System',
      }),
    ).toBe('Booking completed by System');
    expect(eventSentence({ ...accepted, actor: { id: null, role: 'admin' }, actorName: '' })).toBe(
      'Price accepted by someone (staff)',
    );
  });

  describe("a company's colleague", () => {
    afterEach(async () => {
      await act(() => setLanguage('en'));
    });

    it('is named with his team role in the words of the language shown, and his company isolated', async () => {
      const viewed = {
        type: 'PriceAccepted',
        aggregateKind: 'rate_request',
        actor: { id: 'm1', role: 'customer' },
        actorName: 'Sara Karimi',
        actorTeamRole: 'viewer',
        actorCompany: 'Acme Shipping',
      };
      expect(eventSentence(viewed)).toBe('Price accepted by Sara Karimi (viewer, \u2068Acme Shipping\u2069)');
      await act(() => setLanguage('fa'));
      const said = eventSentence(viewed);
      expect(said).toBe('نرخ پذیرفته شد توسط \u2068Sara Karimi\u2069 (بیننده، \u2068Acme Shipping\u2069)');
      expect(eventSentence({ ...viewed, actorTeamRole: 'owner' })).toContain('(مالک، ');
      expect(eventSentence({ ...viewed, actorTeamRole: 'booker' })).toContain('(رزروکننده، ');
      expect(said).not.toMatch(/viewer|owner|booker|member|customer/i);
    });
  });
});
