import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WhereItIs } from './where-it-is';

const loaded = {
  stage: 'loaded',
  summary: 'Loaded on KING OF THE SEAS at Bandar Abbas, arriving Hamburg 2027/01/14, 2 days late',
  vesselName: 'KING OF THE SEAS',
  lastMilestoneAt: '2027-01-06T08:00:00Z',
  estimatedArrival: '2027-01-14T08:00:00Z',
  arrivalDelayHours: 48,
  milestones: 3,
  ended: false,
};

describe('WhereItIs', () => {
  it('says where a tracked booking is, flags a late arrival, and says nothing before any milestone', () => {
    const { rerender } = render(<WhereItIs progress={loaded} />);
    const line = screen.getByTestId('booking-progress');
    expect(line.textContent).toBe(loaded.summary);
    expect(line.dataset.stage).toBe('loaded');
    expect(line.dataset.late).toBe('true');
    rerender(<WhereItIs progress={{ ...loaded, arrivalDelayHours: 0 }} />);
    expect(screen.getByTestId('booking-progress').dataset.late).toBeUndefined();
    rerender(<WhereItIs progress={null} />);
    expect(screen.queryByTestId('booking-progress')).toBeNull();
  });

  it('says of a booking that ended where its cargo was last reported, apart from the live ones and never late', () => {
    const ended = {
      ...loaded,
      summary: 'Loaded on KING OF THE SEAS at Bandar Abbas; tracking stopped when the booking ended',
      estimatedArrival: null,
      arrivalDelayHours: null,
      ended: true,
    };
    render(<WhereItIs progress={ended} />);
    const line = screen.getByTestId('booking-progress');
    expect(line.textContent).toBe(ended.summary);
    expect(line.dataset.ended).toBe('true');
    expect(line.dataset.late).toBeUndefined();
  });

  it('tells staff, who read every event of a booking that ended, that it ended, when and how; never late', () => {
    const staff = { ...loaded, bookingEndedAs: 'cancelled', bookingEndedAt: '2026-12-01T10:00:00Z' };
    const { rerender } = render(<WhereItIs progress={staff} />);
    const line = screen.getByTestId('booking-progress');
    expect(line.textContent).toBe(`${loaded.summary} · Booking ended 2026/12/01: Cancelled`);
    expect(screen.getByTestId('booking-ended').textContent).toBe('Booking ended 2026/12/01: Cancelled');
    expect(line.dataset.ended).toBe('true');
    expect(line.dataset.late).toBeUndefined();
    // A live booking says no end; its customer's history says it in its own words, once.
    rerender(<WhereItIs progress={{ ...loaded, bookingEndedAs: null, bookingEndedAt: null }} />);
    expect(screen.queryByTestId('booking-ended')).toBeNull();
    rerender(<WhereItIs progress={{ ...staff, ended: true }} />);
    expect(screen.queryByTestId('booking-ended')).toBeNull();
  });
});
