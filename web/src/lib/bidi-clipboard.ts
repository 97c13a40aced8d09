/**
 * Persian sentences isolate the Latin values in them (U+2066 … U+2069: amounts, references, names; decision
 * 3884), and the Persian e-mails do too. Those marks are invisible, and the server refuses them in any field
 * (api/edge/input_screen.py: a bidirectional control could make a stored text read as something else). So
 * a reference copied out of a Persian page or e-mail must not carry them into a form: what is copied from
 * the app is copied without them, and what is pasted into a field loses them.
 */

const ISOLATES = /[\u2066-\u2069]/g;

/** The text without bidi isolates (LRI, RLI, FSI, PDI). */
export function withoutIsolates(text: string): string {
  return text.replace(ISOLATES, '');
}

function hasIsolates(text: string): boolean {
  return withoutIsolates(text) !== text;
}

function onCopy(event: ClipboardEvent): void {
  const selected = document.getSelection()?.toString() ?? '';
  if (!event.clipboardData || !hasIsolates(selected)) return;
  event.clipboardData.setData('text/plain', withoutIsolates(selected));
  event.preventDefault();
}

type Field = HTMLInputElement | HTMLTextAreaElement;

function isTextField(target: EventTarget | null): target is Field {
  return target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type !== 'file');
}

function onPaste(event: ClipboardEvent): void {
  const field = event.target;
  const pasted = event.clipboardData?.getData('text/plain') ?? '';
  if (!isTextField(field) || !hasIsolates(pasted)) return;
  event.preventDefault();
  const text = withoutIsolates(pasted);
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  const value = field.value.slice(0, start) + text + field.value.slice(end);
  // Through the element's own value setter and an input event, so React (and react-hook-form) see the change.
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  const caret = start + text.length;
  if (field.selectionStart !== null) field.setSelectionRange(caret, caret);
}

/** Listens on the whole document, once at the start; returns what removes the listeners (tests). */
export function cleanBidiClipboard(target: Document = document): () => void {
  target.addEventListener('copy', onCopy);
  target.addEventListener('paste', onPaste);
  return () => {
    target.removeEventListener('copy', onCopy);
    target.removeEventListener('paste', onPaste);
  };
}
