import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { type IssueDating, issueDatingKey, issueDatingWords } from './issue-dating';

const dating = (over: Partial<IssueDating>): IssueDating => ({
  shippedOnBoardAsked: true,
  shippedOnBoardDate: null,
  receivedForShipmentDate: null,
  seen: 'NOTHING',
  ...over,
});

describe('what issuing the bill of lading today would date it by', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('says shipped on board, on the day tracking saw the cargo loaded', () => {
    const loaded = dating({ shippedOnBoardDate: '2026-11-22', seen: 'ON_BOARD' });
    expect(issueDatingWords(loaded)).toBe(
      'Issued now, it is a shipped-on-board bill dated 2026/11/22: tracking saw the cargo on board.',
    );
  });

  it('warns that a shipped-on-board bill asked for would read received for shipment before loading', () => {
    const received = dating({ receivedForShipmentDate: '2026-11-20', seen: 'RECEIVED' });
    expect(issueDatingKey(received)).toBe('notOnBoardReceived');
    expect(issueDatingWords(received)).toBe(
      'The instructions ask for a shipped-on-board bill, but tracking has not seen the cargo on board. ' +
        'Issued now, it is a received-for-shipment bill dated 2026/11/20, the day the cargo was received.',
    );
    const nothing = dating({ receivedForShipmentDate: '2026-12-05' });
    expect(issueDatingWords(nothing)).toContain('dated today, 2026/12/05.');
    expect(issueDatingWords(nothing)).toContain('has not seen the cargo on board');
  });

  it('says received for shipment without a warning where the instructions ask for no more', () => {
    const asked = { shippedOnBoardAsked: false };
    expect(issueDatingKey(dating({ ...asked, receivedForShipmentDate: '2026-11-20', seen: 'RECEIVED' }))).toBe(
      'receivedReceived',
    );
    const today = issueDatingWords(dating({ ...asked, receivedForShipmentDate: '2026-12-05' }));
    expect(today).toBe(
      'Issued now, it is a received-for-shipment bill dated today, 2026/12/05: ' +
        'tracking has not seen the cargo at the terminal.',
    );
  });

  it('speaks Persian with the Solar Hijri date', async () => {
    await setLanguage('fa');
    const words = issueDatingWords(dating({ shippedOnBoardDate: '2026-11-22', seen: 'ON_BOARD' }));
    expect(words).toContain('بارگیری روی کشتی');
    expect(words).toContain('۱۴۰۵/۰۹/۰۱');
  });
});
