import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { downloadTemplate } from '../api/booking-api';
import type { DocumentType } from '../api/booking-api';
import styles from './booking.module.css';

const INSTRUCTIONS = ['Download the template.', 'Fill it in and sign it with your company stamp.', 'Upload the signed copy (PDF, PNG or JPEG).'];

/** One LOI document type: what to do with it and its template; the booking step adds the upload. */
export function TemplateCard({ type, children }: { type: DocumentType; children?: ReactNode }) {
  return (
    <article className={styles.card} aria-labelledby={`doc-${type.id}`}>
      <h3 id={`doc-${type.id}`}>{type.name}</h3>
      <ul>
        {INSTRUCTIONS.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
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
