/**
 * Live screens: one server-sent event stream per signed-in user (GET /events/api/v1/stream,
 * authenticated by the `token` cookie since EventSource cannot send headers) whose notices
 * `{kind, id, reference, position}` mark the matching cached queries stale; react-query refetches the
 * ones on screen. While the stream is down, the same queries are refreshed by polling, and the stream is
 * tried again; when it is back the polling stops. This is the one live-refresh mechanism of the app.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

export const STREAM_PATH = '/events/api/v1/stream';
/** Polling period while the stream is down. */
export const FALLBACK_POLL_MS = 5_000;
/** Wait before opening the stream again after it closed for good (EventSource retries drops itself). */
export const REOPEN_MS = 10_000;

export type NoticeKind = 'rate_request' | 'shipping_order' | 'notification' | 'registration' | 'edit_request';

export interface ChangeNotice {
  kind: NoticeKind;
  id: string;
  reference: string | null;
  position: number;
}

/**
 * The query-key roots each kind of change makes stale. The roots are the features' key factories' first
 * parts (bookingKeys, the console, adminKeys, accountKeys' notifications, auditKeys, the overviews).
 */
const BOOKING: readonly (readonly string[])[] = [['booking'], ['operations'], ['audit'], ['overview']];
const STAFF_WORK: readonly (readonly string[])[] = [['admin'], ['audit'], ['overview']];
export const STALE_ON: Record<NoticeKind, readonly (readonly string[])[]> = {
  rate_request: BOOKING,
  shipping_order: BOOKING,
  notification: [['accounts', 'notifications'], ['overview']],
  registration: STAFF_WORK,
  edit_request: [...STAFF_WORK, ['accounts', 'profile']],
};
const EVERY_ROOT = [
  ...new Set(
    Object.values(STALE_ON)
      .flat()
      .map((key) => JSON.stringify(key)),
  ),
].map((key) => JSON.parse(key) as string[]);

export function parseNotice(data: string): ChangeNotice | null {
  try {
    const value = JSON.parse(data) as Partial<ChangeNotice>;
    return typeof value.kind === 'string' && value.kind in STALE_ON ? (value as ChangeNotice) : null;
  } catch {
    return null;
  }
}

function invalidate(client: QueryClient, roots: readonly (readonly string[])[]): void {
  for (const queryKey of roots) void client.invalidateQueries({ queryKey, refetchType: 'active' });
}

export interface StreamLike {
  onopen: ((this: never, ev: Event) => unknown) | null;
  onmessage: ((this: never, ev: MessageEvent) => unknown) | null;
  onerror: ((this: never, ev: Event) => unknown) | null;
  readonly readyState: number;
  close(): void;
}

export interface LiveOptions {
  open?: () => StreamLike;
  pollMs?: number;
  reopenMs?: number;
}

const CLOSED = 2;

/** Starts following changes; returns the function that stops it. */
export function followChanges(client: QueryClient, options: LiveOptions = {}): () => void {
  const open = options.open ?? (() => new EventSource(STREAM_PATH, { withCredentials: true }) as StreamLike);
  const pollMs = options.pollMs ?? FALLBACK_POLL_MS;
  const reopenMs = options.reopenMs ?? REOPEN_MS;
  let stream: StreamLike | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  let reopen: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const startPolling = () => {
    if (poll === null) poll = setInterval(() => invalidate(client, EVERY_ROOT), pollMs);
  };
  const stopPolling = () => {
    if (poll !== null) clearInterval(poll);
    poll = null;
  };
  const connect = () => {
    if (stopped) return;
    const source = open();
    stream = source;
    let wasDown = poll !== null;
    source.onopen = () => {
      stopPolling();
      // Whatever changed while the stream was down is fetched once.
      if (wasDown) invalidate(client, EVERY_ROOT);
      wasDown = false;
    };
    source.onmessage = (event: MessageEvent) => {
      const notice = parseNotice(String(event.data));
      if (notice) invalidate(client, STALE_ON[notice.kind]);
    };
    source.onerror = () => {
      wasDown = true;
      startPolling();
      if (source.readyState === CLOSED && reopen === null) {
        reopen = setTimeout(() => {
          reopen = null;
          connect();
        }, reopenMs);
      }
    };
  };
  connect();
  return () => {
    stopped = true;
    stream?.close();
    stopPolling();
    if (reopen !== null) clearTimeout(reopen);
  };
}

/** Mounted once by the signed-in layout: every open screen follows changes. */
export function useLiveUpdates(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return undefined;
    return followChanges(client);
  }, [client, enabled]);
}
