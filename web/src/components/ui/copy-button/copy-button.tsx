import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Button } from '../button';

/**
 * Copies a value shown only once (a key, a secret) to the clipboard, and says so on the button; where the
 * browser refuses the clipboard (no secure context), the button says to select the text instead.
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation('common');
  const [said, setSaid] = useState<'idle' | 'copied' | 'refused'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid('copied');
    } catch {
      setSaid('refused');
    }
  };
  return (
    <Button type="button" variant="outline" onClick={() => void copy()} aria-label={t('copyButton.copyThe', { what })}>
      {said === 'copied'
        ? t('copyButton.copied')
        : said === 'refused'
          ? t('copyButton.selectTheTextTo')
          : t('copyButton.copy')}
    </Button>
  );
}
