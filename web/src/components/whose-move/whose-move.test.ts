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
});
