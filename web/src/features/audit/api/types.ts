/** The wire shapes of /audit/api/v1 (api/routers/audit.py, projections/event_log.py). */

/** The aggregate kinds the event log records (snake case of the aggregate class). */
export const AGGREGATE_KINDS = [
  'account',
  'registration',
  'profile_edit_request',
  'notification',
  'rate_request',
  'shipping_order',
  'stored_file',
] as const;
export type KnownAggregateKind = (typeof AGGREGATE_KINDS)[number];

export interface AuditActor {
  id: string | null;
  role: string | null;
}

export interface AuditEvent {
  /** Global position in the event store; the log pages by it. */
  position: number;
  aggregateId: string;
  aggregateKind: string;
  /** The aggregate's version after this event (1 for the first). */
  version: number;
  type: string;
  /** UTC, e.g. 2026-11-21T23:29:58.596764Z. */
  recordedAt: string;
  actor: AuditActor;
  /** The actor's display name, or "System" (issue 14; absent from servers before it). */
  actorName?: string;
  reason: string | null;
  /** The event's own fields (the envelope of who, when and why left out). */
  changes: Record<string, unknown>;
}

export interface AggregateEvents {
  aggregateId: string;
  aggregateKind: string;
  events: AuditEvent[];
}

export interface AuditLogPage {
  list: AuditEvent[];
  /** The position to pass as `after` for the next page (the last row's, or `after` when the page is empty). */
  next: number;
  /** The store's last position. */
  head: number;
}

export interface AggregateStateAsOf {
  aggregateId: string;
  /** The aggregate class name (RateRequest), unlike the log's snake-case kind. */
  aggregateKind: string;
  version: number;
  state: Record<string, unknown>;
}
