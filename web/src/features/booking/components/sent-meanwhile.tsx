import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { formatMoment } from '@/lib/format';
import { focusWasLost } from '@/lib/page-focus';
import type { RateRequestDetail } from '../api/booking-api';
import styles from './booking.module.css';

/** The booking's drafts a colleague may be typing while another of the company sends them (decision 3886). */
export type SharedDraft = 'request' | 'documents' | 'order';

/** One thing she typed, as its field is labelled on the form. */
export interface TypedLine {
  label: string;
  value: string;
}

/** What she was told: who sent the draft and when, and what she had typed that was not sent. */
export interface SentMeanwhile {
  draft: SharedDraft;
  name: string | null;
  at: string;
  lines: TypedLine[];
}

/**
 * Follows one shared draft while she types it (decision 3886). The form tells `onTyped` what is typed and not
 * sent (null: nothing); when the booking read next says the draft was sent by someone else after she began, the
 * form's screen gives way to the next step, and `told` keeps who sent it, when, and her typing, until she
 * closes the note. The route holds this, so the note outlives the form it replaced.
 */
export function useSentMeanwhile(detail: RateRequestDetail | undefined, draft: SharedDraft) {
  const last = detail?.sent?.[draft] ?? null;
  const lastAt = useRef<string | null>(last?.at ?? null);
  // What is typed and not sent, and the send she began typing after (undefined: she is not typing).
  const typed = useRef<TypedLine[] | null>(null);
  const since = useRef<string | null | undefined>(undefined);
  const [told, setTold] = useState<SentMeanwhile | null>(null);
  const onTyped = useCallback((lines: TypedLine[] | null) => {
    if (lines && lines.length > 0) {
      if (since.current === undefined) since.current = lastAt.current;
      typed.current = lines;
    } else {
      typed.current = null;
      since.current = undefined;
    }
  }, []);
  const at = last?.at ?? null;
  const byYou = last?.byYou ?? true;
  const name = last?.name ?? null;
  useEffect(() => {
    const lines = typed.current;
    if (at === null || byYou || !lines || since.current === undefined) return;
    if (since.current !== null && at <= since.current) return;
    setTold({ draft, name, at, lines });
    typed.current = null;
    since.current = undefined;
  }, [at, byYou, name, draft]);
  useEffect(() => {
    lastAt.current = at;
  }, [at]);
  const dismiss = useCallback(() => setTold(null), []);
  return { told, onTyped, dismiss };
}

/** Said above the step once another sent the draft she was typing: who, when, that her typing was not sent;
 * what she typed shown read only on a click, or copied, until she closes it. */
export function SentMeanwhileNotice({ told, onDismiss }: { told: SentMeanwhile | null; onDismiss: () => void }) {
  const { t } = useTranslation('booking');
  const [shown, setShown] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form she was in gave way with the field she was in: the keyboard's place fell to the page's body.
  // The note saying why takes it, so the next Tab is its buttons, not the page's top (never taken from
  // where she still is); scrolled into sight, as on a phone the form she was in lay far below it.
  useEffect(() => {
    if (told && focusWasLost()) heading.current?.focus();
  }, [told]);
  if (!told) return null;
  const who = told.name ?? t('sentMeanwhile.someone');
  const copy = async () => {
    const text = told.lines.map((line) => `${line.label}: ${line.value}`).join('\n');
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('sentMeanwhile.copied'));
    } catch {
      toast.error(t('sentMeanwhile.notCopied'));
    }
  };
  return (
    <section className={styles.reviseSummary} role="alert" aria-labelledby={`sent-meanwhile-${told.draft}`}>
      <h2 id={`sent-meanwhile-${told.draft}`} ref={heading} tabIndex={-1}>
        {t(`sentMeanwhile.title.${told.draft}`, { name: who, time: formatMoment(told.at) })}
      </h2>
      <p>{t('sentMeanwhile.notSent')}</p>
      <div className={styles.row}>
        <Button variant="outline" aria-expanded={shown} onClick={() => setShown((now) => !now)}>
          {t(shown ? 'sentMeanwhile.hide' : 'sentMeanwhile.show')}
        </Button>
        <Button variant="outline" onClick={() => void copy()}>
          {t('sentMeanwhile.copy')}
        </Button>
        <Button variant="outline" onClick={onDismiss}>
          {t('sentMeanwhile.dismiss')}
        </Button>
      </div>
      {shown ? (
        <dl aria-label={t('sentMeanwhile.typed')}>
          {told.lines.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd dir="auto">{line.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
