import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { eventPhrase, eventSentence } from './sentence';

describe('audit sentences', () => {
  it('splits compound types and names the aggregate of a single participle', () => {
    expect(eventPhrase('PriceAccepted', 'rate_request')).toBe('Price accepted');
    expect(eventPhrase('BookingRequestSubmitted', 'rate_request')).toBe('Booking request submitted');
    expect(eventPhrase('Accepted', 'shipping_order')).toBe('Shipping order accepted');
  });

  it("says a kind's event that is not the kind's own doing by what it did", () => {
    expect(eventPhrase('Invited', 'team')).toBe('Member invited');
    expect(eventPhrase('Removed', 'team')).toBe('Member removed');
    expect(eventPhrase('Removed', 'address_book_entry')).toBe('Address book entry removed');
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
    ).toBe('Rate request completed by System');
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
      expect(said).toBe('قیمت پذیرفته شد توسط Sara Karimi (بیننده، \u2068Acme Shipping\u2069)');
      expect(eventSentence({ ...viewed, actorTeamRole: 'owner' })).toContain('(مالک، ');
      expect(eventSentence({ ...viewed, actorTeamRole: 'booker' })).toContain('(رزروکننده، ');
      expect(said).not.toMatch(/viewer|owner|booker|member|customer/i);
    });
  });
});
