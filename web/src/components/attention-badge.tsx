import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatMoment } from '@/lib/format';

/** The staff-only mark of a record with changes the screens could not take in (parked events). */
export type NeedsAttention = { parkedEvents: number; positions: number[]; since: string } | null | undefined;

function changes(mark: NonNullable<NeedsAttention>): string {
  return mark.parkedEvents === 1 ? '1 change' : `${mark.parkedEvents} changes`;
}

/** A badge beside a row's title: "Needs attention", explained on hover and to screen readers. */
export function AttentionBadge({ needsAttention }: { needsAttention: NeedsAttention }) {
  const { t } = useTranslation('common');
  if (!needsAttention) return null;
  const why = `${changes(needsAttention)} could not be shown since ${formatMoment(needsAttention.since)}: this row may be out of date`;
  return (
    <Badge tone="warning" title={why} aria-label={`Needs attention: ${why}`} data-testid="attention-badge">
      {t('attentionBadge.needsAttention')}
    </Badge>
  );
}

/** The same mark on a detail screen, in words: what is wrong and what happens next. */
export function AttentionNote({ needsAttention }: { needsAttention: NeedsAttention }) {
  const { t } = useTranslation('common');
  if (!needsAttention) return null;
  return (
    <p
      role="status"
      data-testid="attention-note"
      style={{
        border: '1px solid #9a3412',
        background: '#fff7ed',
        color: '#7c2d12',
        padding: '0.5rem 0.75rem',
        borderRadius: 6,
      }}
    >
      <strong>{t('attentionBadge.needsAttention2')}</strong> {changes(needsAttention)}{' '}
      {t('attentionBadge.toThisRecordCould')} {formatMoment(needsAttention.since)}
      {t('attentionBadge.soWhatYouSee')}{' '}
      {needsAttention.parkedEvents === 1 ? t('attentionBadge.thatChange') : t('attentionBadge.thoseChanges')}{' '}
      {t('attentionBadge.storedChange', { count: needsAttention.positions.length })}{' '}
      {needsAttention.positions.join(', ')}).
    </p>
  );
}
