import { describe, expect, it } from 'vitest';
import { whoseMoveText } from './whose-move';

describe('whose move', () => {
  it('reads from the viewer side', () => {
    expect(whoseMoveText('customer', 'customer')).toBe('Action needed');
    expect(whoseMoveText('staff', 'customer')).toBe('Waiting for staff');
    expect(whoseMoveText('customer', 'staff')).toBe('Waiting for customer');
    expect(whoseMoveText('staff', 'staff')).toBe('Action needed');
    expect(whoseMoveText(null, 'staff')).toBeNull();
  });

  it("tells a member who may not make the customer's move that it is the team's", () => {
    expect(whoseMoveText('customer', 'customer', false)).toBe('Waiting for your team');
    expect(whoseMoveText('staff', 'customer', false)).toBe('Waiting for staff');
  });
});
