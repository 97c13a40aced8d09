// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followChanges, parseNotice } from './live';
import type { StreamLike } from './live';

class FakeStream implements StreamLike {
  onopen: StreamLike['onopen'] = null;
  onmessage: StreamLike['onmessage'] = null;
  onerror: StreamLike['onerror'] = null;
  readyState = 0;
  closed = false;
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  up() {
    this.readyState = 1;
    this.onopen?.call(undefined as never, new Event('open'));
  }
  send(data: unknown) {
    this.onmessage?.call(undefined as never, new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.call(undefined as never, new Event('error'));
  }
}

function setUp() {
  const client = new QueryClient();
  const streams: FakeStream[] = [];
  const stale = vi.spyOn(client, 'invalidateQueries');
  const stop = followChanges(client, {
    open: () => {
      const stream = new FakeStream();
      streams.push(stream);
      return stream;
    },
    pollMs: 1000,
    reopenMs: 3000,
  });
  const roots = () => stale.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
  return { streams, stale, stop, roots };
}

describe('live updates', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('makes the queries of the changed kind stale, and only those', () => {
    const { streams, roots, stale } = setUp();
    streams[0].up();
    streams[0].send({ kind: 'rate_request', id: 'r1', reference: 'FB-2026-000001', position: 7 });
    expect(roots()).toContain('["booking"]');
    expect(roots()).toContain('["operations"]');
    expect(roots()).not.toContain('["admin"]');
    stale.mockClear();
    streams[0].send({ kind: 'registration', id: 'n1', reference: null, position: 8 });
    expect(roots()).toContain('["admin"]');
    expect(roots()).not.toContain('["booking"]');
  });

  it('polls while the stream is down and stops when it is back', () => {
    const { streams, stale, stop } = setUp();
    streams[0].up();
    vi.advanceTimersByTime(5000);
    expect(stale).not.toHaveBeenCalled();
    streams[0].fail(0); // dropped; EventSource reconnects by itself
    vi.advanceTimersByTime(3000);
    const polled = stale.mock.calls.length;
    expect(polled).toBeGreaterThan(0);
    streams[0].up();
    stale.mockClear();
    vi.advanceTimersByTime(5000);
    expect(stale).not.toHaveBeenCalled();
    stop();
    expect(streams[0].closed).toBe(true);
  });

  it('opens a closed stream again and catches up once it is open', () => {
    const { streams, stale, stop } = setUp();
    streams[0].fail(2); // refused (no stream, or the server went away)
    expect(streams).toHaveLength(1);
    vi.advanceTimersByTime(3000);
    expect(streams).toHaveLength(2);
    stale.mockClear();
    streams[1].up();
    expect(stale).toHaveBeenCalled(); // the catch-up
    stale.mockClear();
    vi.advanceTimersByTime(5000);
    expect(stale).not.toHaveBeenCalled();
    stop();
  });

  it('ignores what is not a notice', () => {
    expect(parseNotice('not json')).toBeNull();
    expect(parseNotice('{"kind":"weather"}')).toBeNull();
    expect(parseNotice('{"kind":"notification","id":"x","reference":null,"position":1}')?.kind).toBe('notification');
  });
});
