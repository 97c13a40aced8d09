import { describe, expect, it } from 'vitest';
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
});
