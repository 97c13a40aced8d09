import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next, setLanguage } from '@/i18n';
import { basis, quoteSource } from '../charges/charges';
import { whoseMoveText } from './whose-move';

describe('the shared badges and notes in Persian', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('says whose move it is, how a charge counts and who quoted, in the language shown', async () => {
    expect(whoseMoveText('customer', 'customer')).toBe('Action needed');
    await act(() => setLanguage('fa'));
    expect(whoseMoveText('customer', 'customer')).toBe('نیازمند اقدام شما');
    expect(whoseMoveText('staff', 'customer')).toBe('در انتظار کارکنان');
    expect(basis({ per: 'container' })).toBe('برای هر کانتینر');
    expect(quoteSource({ quotedBy: 'staff', tariffVersion: null, tariffRow: null })).toBe('نرخ‌گذاری توسط کارکنان ما');
    expect(i18next.t('bookingFacts.totalFor', { count: 2 })).toBe('جمع برای ۲');
  });
});
