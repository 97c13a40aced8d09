import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { downloadTemplate } from '../api/booking-api';
import type { DocumentType } from '../api/booking-api';
import { referenceName } from '@/lib/reference-names';
import styles from './booking.module.css';

const BLANK = ['templateCard.blank.0', 'templateCard.blank.1', 'templateCard.blank.2'] as const;
const WRITTEN_IN = ['templateCard.writtenIn.0', 'templateCard.writtenIn.1', 'templateCard.writtenIn.2'] as const;

/** A document type's name in the reader's language, by its id (the server's name where the catalogue has none). */
export function useDocumentTypeName(): (type: DocumentType) => string {
  const { i18n } = useTranslation('booking'); // re-renders with the language
  return (type) => referenceName('documentTypes', type, i18n.language);
}

/** The letter of one document type written in for a booking (documents/letter.html). */
export function letterUrl(bookingId: string, type: DocumentType): string {
  return `/documents/letter.html?${new URLSearchParams({ booking: bookingId, type: String(type.id) }).toString()}`;
}

/** One LOI document type: what to do with it and its template; for a booking, the letter written in for it
 * (the booking step adds the upload). */
export function TemplateCard({
  type,
  bookingId,
  children,
}: {
  type: DocumentType;
  bookingId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('booking');
  const nameOf = useDocumentTypeName();
  const name = nameOf(type);
  const instructions = bookingId ? WRITTEN_IN : BLANK;
  return (
    <article className={styles.card} aria-labelledby={`doc-${type.id}`}>
      <h3 id={`doc-${type.id}`}>{name}</h3>
      <ul>
        {instructions.map((line) => (
          <li key={line}>{t(line)}</li>
        ))}
      </ul>
      {bookingId ? (
        <a className={styles.letterLink} href={letterUrl(bookingId, type)} target="_blank" rel="noopener">
          {t('templateCard.open', { name })}
        </a>
      ) : null}
      <Button
        variant="outline"
        aria-label={t('templateCard.downloadLabel', { name })}
        onClick={() =>
          void downloadTemplate(type).catch((error: unknown) => toast.failure(error, t('templateCard.downloadFailed')))
        }
      >
        {t('templateCard.download')}
      </Button>
      {children}
    </article>
  );
}
