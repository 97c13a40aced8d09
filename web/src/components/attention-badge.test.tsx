import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readInPersian } from '@/testing/language';
import { AttentionBadge, AttentionNote } from './attention-badge';

const mark = { parkedEvents: 2, positions: [41, 57], since: '2026-11-26T12:00:00.000Z' };

describe('AttentionBadge', () => {
  it('marks a row that needs attention, says why, and shows nothing otherwise', () => {
    const { rerender } = render(<AttentionBadge needsAttention={mark} />);
    const badge = screen.getByTestId('attention-badge');
    expect(badge.textContent).toBe('Needs attention');
    expect(badge.getAttribute('title')).toContain('2 changes could not be shown since 2026/11/26 12:00');
    rerender(<AttentionBadge needsAttention={null} />);
    expect(screen.queryByTestId('attention-badge')).toBeNull();
  });

  it('explains it on a detail screen with the stored changes named', () => {
    render(<AttentionNote needsAttention={{ ...mark, parkedEvents: 1, positions: [41] }} />);
    const note = screen.getByRole('status');
    expect(note.textContent).toContain('1 change to this record could not be shown');
    expect(note.textContent).toContain('stored change 41');
  });
});

describe('the mark in Persian', () => {
  readInPersian();

  it('says it in Persian words and digits, on the badge and in the note', () => {
    render(
      <>
        <AttentionNote needsAttention={mark} />
        <AttentionBadge needsAttention={mark} />
      </>,
    );
    const note = screen.getByTestId('attention-note').textContent ?? '';
    const badge = screen.getByTestId('attention-badge');
    expect(note).toContain('۲ تغییر');
    expect(note).toContain('۴۱، ۵۷');
    for (const said of [note, badge.getAttribute('title') ?? '', badge.getAttribute('aria-label') ?? '']) {
      expect(said.replace('UTC', '')).not.toMatch(/[A-Za-z0-9]/); // the viewer's zone named as the screens name it
    }
  });
});
