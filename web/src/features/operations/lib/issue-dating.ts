/**
 * What issuing a bill of lading today would date it by, as tracking stands (decision 3857): said in the
 * issue dialog, so that staff who issue before tracking saw the cargo on board know the bill will read
 * received for shipment, not shipped on board.
 */
import { i18next } from '@/i18n';
import { formatDate } from '@/lib/format';
import type { Answer } from '@/types/contract';

type StaffDetail = Answer<'booking_admin_rate_request_detail'>;
export type IssueDating = NonNullable<NonNullable<StaffDetail['billOfLading']>['ifIssuedToday']>;

type DatingKey = 'onBoard' | 'notOnBoardReceived' | 'notOnBoardToday' | 'receivedReceived' | 'receivedToday';

/** The words' key: which date the bill would carry, and why. */
export function issueDatingKey(dating: IssueDating): DatingKey {
  if (dating.shippedOnBoardDate) return 'onBoard';
  const received = dating.seen === 'RECEIVED';
  if (dating.shippedOnBoardAsked) return received ? 'notOnBoardReceived' : 'notOnBoardToday';
  return received ? 'receivedReceived' : 'receivedToday';
}

/** The sentence in the language shown. */
export function issueDatingWords(dating: IssueDating): string {
  const date = formatDate(dating.shippedOnBoardDate ?? dating.receivedForShipmentDate);
  return i18next.t(`actionDialog.issueDating.${issueDatingKey(dating)}`, { ns: 'operations', date });
}
