import { i18next } from '@/i18n';
import { isolated } from '@/lib/decided-first';
import { formatMoment } from '@/lib/format';

/** Who decided and when, as a detail screen says it; null while undecided (decision 3911). A refusal because a
 * colleague decided first is said by `errorText` (@/lib/decided-first). */
export function decidedByWords(decidedBy: string | null | undefined, decidedAt: string | null | undefined) {
  if (!decidedBy || !decidedAt) return null;
  return i18next.t('detail.decidedBy', {
    ns: 'admin',
    who: isolated(decidedBy),
    at: isolated(formatMoment(decidedAt)),
  });
}
