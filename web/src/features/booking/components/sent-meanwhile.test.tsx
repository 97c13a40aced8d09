import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RateRequestDetail } from '../api/booking-api';
import { SentMeanwhileNotice, useSentMeanwhile } from './sent-meanwhile';

type Sent = NonNullable<RateRequestDetail['sent']>;

const detailWith = (order: Sent['order']) =>
  ({ sent: { request: null, documents: null, order } }) as unknown as RateRequestDetail;
const typed = [{ label: 'Cargo description', value: 'Saffron' }];

describe('a shared draft sent by another while she types it (decision 3886)', () => {
  it('says who sent it and when, and keeps what she typed, until she closes it', () => {
    const view = renderHook(({ detail }) => useSentMeanwhile(detail, 'order'), {
      initialProps: { detail: detailWith(null) },
    });
    act(() => view.result.current.onTyped(typed));
    const sent = { name: 'Maryam Ahmadi', byYou: false, at: '2026-12-07T10:57:00Z' };
    view.rerender({ detail: detailWith(sent) });
    expect(view.result.current.told).toEqual({ draft: 'order', name: 'Maryam Ahmadi', at: sent.at, lines: typed });
    act(() => view.result.current.dismiss());
    expect(view.result.current.told).toBeNull();
  });

  it('says nothing of her own send, of a send before she began, or when she typed nothing', () => {
    const before = { name: 'Reza Tehrani', byYou: false, at: '2026-12-07T10:00:00Z' };
    const view = renderHook(({ detail }) => useSentMeanwhile(detail, 'order'), {
      initialProps: { detail: detailWith(before) },
    });
    act(() => view.result.current.onTyped(typed));
    view.rerender({ detail: detailWith({ ...before }) });
    expect(view.result.current.told).toBeNull();
    view.rerender({ detail: detailWith({ name: 'Reza Tehrani', byYou: true, at: '2026-12-07T10:58:00Z' }) });
    expect(view.result.current.told).toBeNull();
    act(() => view.result.current.onTyped(null));
    view.rerender({ detail: detailWith({ name: 'Maryam Ahmadi', byYou: false, at: '2026-12-07T11:00:00Z' }) });
    expect(view.result.current.told).toBeNull();
  });

  const told = { draft: 'documents' as const, name: 'Maryam Ahmadi', at: '2026-12-07T10:57:00Z', lines: typed };

  it('takes the keyboard when the form she was in went with it', () => {
    // The field she was in is gone: the focus fell to the body.
    (document.activeElement as HTMLElement | null)?.blur();
    render(<SentMeanwhileNotice told={told} onDismiss={() => undefined} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: /Maryam Ahmadi sent/ }));
  });

  it('leaves the keyboard where she still is', () => {
    const elsewhere = document.createElement('input');
    document.body.append(elsewhere);
    elsewhere.focus();
    render(<SentMeanwhileNotice told={told} onDismiss={() => undefined} />);
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
  });
});
