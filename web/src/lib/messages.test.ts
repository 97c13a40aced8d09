// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { message } from './messages';

const onDisk = JSON.parse(
  readFileSync(new URL('../../../contract/validation-messages.json', import.meta.url), 'utf8'),
) as Record<string, string>;

describe('validation message catalogue', () => {
  it('gives the wording the server reads from the same file', () => {
    expect(message('booking.quantity.min')).toBe(onDisk['booking.quantity.min']);
    expect(message('common.required')).toBe(onDisk['common.required']);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(message('common.text.max', { max: 200 })).toBe(onDisk['common.text.max'].replace('{max}', '200'));
    expect(message('common.text.max')).toContain('{max}');
  });
});
