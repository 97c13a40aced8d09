import { useState } from 'react';
import { Button } from '../button';

/**
 * Copies a value shown only once (a key, a secret) to the clipboard, and says so on the button; where the
 * browser refuses the clipboard (no secure context), the button says to select the text instead.
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
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
    <Button type="button" variant="outline" onClick={() => void copy()} aria-label={`Copy the ${what}`}>
      {said === 'copied' ? 'Copied' : said === 'refused' ? 'Select the text to copy it' : 'Copy'}
    </Button>
  );
}
