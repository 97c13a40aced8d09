import type { components } from '@/types/api';

type Progress = components['schemas']['TrackingProgress'];

/** A booking loaded at Bandar Abbas on its way to Hamburg, due two days late, as the server words its
 *  progress: each test overrides what it is about. */
export function loadedProgress(overrides: Partial<Progress> = {}): Progress {
  return {
    stage: 'loaded',
    summary: 'Loaded on KING OF THE SEAS at Bandar Abbas, arriving Hamburg 2027/01/14, 2 days late',
    vesselName: 'KING OF THE SEAS',
    lastMilestoneAt: '2026-12-20T08:00:00Z',
    estimatedArrival: '2027-01-14T06:00:00Z',
    arrivalDelayHours: 48,
    milestones: 2,
    plannedArrival: '2027-01-12T06:00:00Z',
    stagePort: 'IRBND',
    stagePortName: 'Bandar Abbas',
    arrivalPort: 'DEHAM',
    arrivalPortName: 'Hamburg',
    ended: false,
    ...overrides,
  };
}
