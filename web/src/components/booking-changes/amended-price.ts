/**
 * An amendment's new price read as a booking's own price is: its lines, its price per container and its total
 * for the amended number of containers (what the customer is asked to accept, and what staff quoted).
 */
import type { Priced } from '@/components/charges';
import type { AmendmentView } from './types';

/** The containers the amendment asks for: the amended quantity, else the booking's (`booked`). */
export function amendedQuantity(amendment: Pick<AmendmentView, 'fields'>, booked: number): number {
  const amended = amendment.fields.find((f) => f.field === 'quantity')?.amended;
  return typeof amended === 'number' ? amended : booked;
}

export function amendedPrice(amendment: AmendmentView, booked: number): Priced {
  return {
    charges: amendment.charges,
    price: amendment.price,
    totalPrice: amendment.totalPrice,
    quantity: amendedQuantity(amendment, booked),
    quotedBy: 'staff',
    tariffVersion: null,
    tariffRow: null,
  };
}
