import { Trans, useTranslation } from 'react-i18next';
import { sentenceValues } from '../lib/sentence';
import type { SentenceEvent } from '../lib/sentence';

/** "Price accepted by Sara Karimi (customer)" with the name isolated: a Latin company name in a Persian
 * sentence keeps its own direction, and the role after it stays in the sentence's. */
export function EventSentence({ event }: { event: SentenceEvent }) {
  const { t } = useTranslation('audit');
  const values = sentenceValues(event);
  // The system is named in the sentence's own words: nothing to isolate.
  const system = event.actor.role === 'system' || event.actorName === 'System';
  const who = system ? <></> : <bdi />;
  return <Trans t={t} i18nKey="sentence.by" values={values} components={{ who }} />;
}
