import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { downloadTemplate } from '../api/booking-api';
import type { DocumentType } from '../api/booking-api';
import styles from './booking.module.css';

const BLANK = ['Download the template.', 'Fill it in and sign it with your company stamp.', 'Upload the signed copy (PDF, PNG or JPEG).'];
const WRITTEN_IN = [
  'Open the letter written in for this booking (or download the blank template).',
  'Print it, sign it and stamp it with your company stamp.',
  'Upload the signed copy (PDF, PNG or JPEG).',
];

/** The letter of one document type written in for a booking (documents/letter.html). */
export function letterUrl(bookingId: string, type: DocumentType): string {
  return `/documents/letter.html?${new URLSearchParams({ booking: bookingId, type: String(type.id) }).toString()}`;
}

/** One LOI document type: what to do with it and its template; for a booking, the letter written in for it
 * (the booking step adds the upload). */
export function TemplateCard({ type, bookingId, children }: { type: DocumentType; bookingId?: string; children?: ReactNode }) {
  const instructions = bookingId ? WRITTEN_IN : BLANK;
  return (
    <article className={styles.card} aria-labelledby={`doc-${type.id}`}>
      <h3 id={`doc-${type.id}`}>{type.name}</h3>
      <ul>
        {instructions.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {bookingId ? (
        <a className={styles.letterLink} href={letterUrl(bookingId, type)} target="_blank" rel="noopener">
          Open the {type.name} for this booking
        </a>
      ) : null}
      <Button
        variant="outline"
        aria-label={`Download ${type.name} template`}
        onClick={() => void downloadTemplate(type).catch(() => toast.error('Download failed'))}
      >
        Download
      </Button>
      {children}
    </article>
  );
}
