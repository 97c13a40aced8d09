import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatMoment, localDigits } from '@/lib/format';

/** The staff-only mark of a record with changes the screens could not take in (parked events). */
export type NeedsAttention = { parkedEvents: number; positions: number[]; since: string } | null | undefined;

/** "2 changes", in the language shown (its digits too). */
function changes(mark: NonNullable<NeedsAttention>, t: TFunction<'common'>): string {
  return t('attentionBadge.changes', { count: mark.parkedEvents, n: localDigits(String(mark.parkedEvents)) });
}

/** A badge beside a row's title: "Needs attention", explained on hover and to screen readers. */
export function AttentionBadge({ needsAttention }: { needsAttention: NeedsAttention }) {
  const { t } = useTranslation('common');
  if (!needsAttention) return null;
  const why = t('attentionBadge.why', {
    changes: changes(needsAttention, t),
    since: formatMoment(needsAttention.since),
  });
  return (
    <Badge tone="warning" title={why} aria-label={t('attentionBadge.label', { why })} data-testid="attention-badge">
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
      <strong>{t('attentionBadge.needsAttention2')}</strong> {changes(needsAttention, t)}{' '}
      {t('attentionBadge.toThisRecordCould')} {formatMoment(needsAttention.since)}
      {t('attentionBadge.soWhatYouSee')}{' '}
      {needsAttention.parkedEvents === 1 ? t('attentionBadge.thatChange') : t('attentionBadge.thoseChanges')}{' '}
      {t('attentionBadge.storedChange', { count: needsAttention.positions.length })}{' '}
      {needsAttention.positions.map((p) => localDigits(String(p))).join(t('attentionBadge.comma'))}).
    </p>
  );
}
