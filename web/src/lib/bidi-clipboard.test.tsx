import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { cleanBidiClipboard, withoutIsolates } from './bidi-clipboard';

const REFERENCE = '\u2068FB-2026-000123\u2069';

function Search() {
  const [value, setValue] = useState('');
  return (
    <>
      <input aria-label="Search" value={value} onChange={(e) => setValue(e.target.value)} />
      <output>{value}</output>
    </>
  );
}

/** A clipboard event with a DataTransfer-like store (jsdom has no ClipboardEvent constructor data). */
function clipboardEvent(type: 'copy' | 'paste', text = '') {
  const store = new Map<string, string>([['text/plain', text]]);
  const event = new Event(type, { bubbles: true, cancelable: true }) as ClipboardEvent;
  Object.defineProperty(event, 'clipboardData', {
    value: {
      getData: (kind: string) => store.get(kind) ?? '',
      setData: (kind: string, v: string) => store.set(kind, v),
    },
  });
  return { event, copied: () => store.get('text/plain') };
}

describe('bidi isolates on the clipboard', () => {
  let stop: () => void;
  beforeEach(() => {
    stop = cleanBidiClipboard();
  });
  afterEach(() => stop());

  it('drops LRI, RLI, FSI and PDI and nothing else', () => {
    expect(withoutIsolates('رزرو \u2066a\u2069 \u2067b\u2069 \u2068c\u2069 \u200f')).toBe('رزرو a b c \u200f');
  });

  it('pastes a reference copied from a Persian sentence without its invisible isolates', () => {
    render(<Search />);
    const field = screen.getByLabelText<HTMLInputElement>('Search');
    fireEvent.change(field, { target: { value: 'x ' } });
    field.setSelectionRange(2, 2);
    const { event } = clipboardEvent('paste', REFERENCE);
    field.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(field.value).toBe('x FB-2026-000123');
    expect(screen.getByRole('status').textContent).toBe('x FB-2026-000123');
  });

  it('leaves a paste with no isolates to the browser', () => {
    render(<Search />);
    const { event } = clipboardEvent('paste', 'FB-2026-000123');
    screen.getByLabelText('Search').dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('copies a Persian sentence out of the page without the isolates', () => {
    render(<p>رزرو {REFERENCE}</p>);
    const range = document.createRange();
    range.selectNodeContents(screen.getByText(/رزرو/));
    document.getSelection()?.removeAllRanges();
    document.getSelection()?.addRange(range);
    const { event, copied } = clipboardEvent('copy');
    document.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(copied()).toBe('رزرو FB-2026-000123');
  });
});
