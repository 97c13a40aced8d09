import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readInPersian } from '@/testing/language';
import { FileInput } from './file-input';

function chooser(fileName?: string | null) {
  render(
    <>
      <label htmlFor="loi">Signed letter</label>
      <FileInput id="loi" fileName={fileName} />
    </>,
  );
  return screen.getByLabelText('Signed letter');
}

describe('FileInput', () => {
  it('is the native file control, named by its label, with the words beside it', () => {
    const input = chooser();
    expect(input.getAttribute('type')).toBe('file');
    expect(screen.getByText('Choose file')).toBeTruthy();
    expect(screen.getByTestId('file-input-name').textContent).toBe('No file chosen');
    const file = new File(['%PDF'], 'loi.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [file] } });
    expect((input as HTMLInputElement).files?.[0]?.name).toBe('loi.pdf');
  });

  it('shows the name of the file chosen', () => {
    chooser('booking-letter.pdf');
    expect(screen.getByTestId('file-input-name').textContent).toBe('booking-letter.pdf');
  });

  describe('in Persian', () => {
    readInPersian();

    it("says its words in the portal's language, not the browser's", () => {
      chooser();
      expect(screen.getByText('انتخاب فایل')).toBeTruthy();
      expect(screen.getByTestId('file-input-name').textContent).toBe('فایلی انتخاب نشده است');
    });
  });
});
