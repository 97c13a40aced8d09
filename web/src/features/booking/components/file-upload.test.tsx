import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetchEachTest } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import { FileUpload } from './file-upload';

const fetchMock = stubFetchEachTest();

describe('FileUpload', () => {
  it("keeps the keyboard's focus while a file goes up, and chooses no other meanwhile", async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => {})); // the upload does not end here
    renderWithProviders(<FileUpload label="Signed letter" onUploaded={vi.fn()} />);
    const input = screen.getByLabelText('Signed letter');
    input.focus();
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(screen.getByTestId('file-input-name').textContent).toBe('letter.pdf');
    expect(input.hasAttribute('disabled')).toBe(false);
    expect(input.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(input);
    // A click would open the picker for another file: it is refused until this one is in.
    expect(fireEvent.click(input)).toBe(false);
  });
});
