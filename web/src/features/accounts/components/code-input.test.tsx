import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeInput } from './code-input';

function Harness() {
  const [code, setCode] = useState('');
  return (
    <>
      <CodeInput value={code} onChange={setCode} />
      <output>{code}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];

// A Persian or an Arabic phone keyboard types its own digits (record 3001).
describe('CodeInput', () => {
  it('takes digits typed on a Persian or an Arabic keyboard as the code', () => {
    render(<Harness />);
    fireEvent.keyDown(boxes()[0], { key: '۱' });
    fireEvent.keyDown(boxes()[1], { key: '٢' });
    fireEvent.change(boxes()[2], { target: { value: '۳' } });
    expect(screen.getByRole('status').textContent).toBe('123');
    expect(boxes().map((box) => box.value)).toEqual(['1', '2', '3', '', '']);
  });

  it('fills every box from a pasted code in Persian digits and leaves a letter out', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[0], { clipboardData: { getData: () => '۴۲۷۱۹' } });
    expect(screen.getByRole('status').textContent).toBe('42719');
    fireEvent.keyDown(boxes()[4], { key: 'x' });
    expect(screen.getByRole('status').textContent).toBe('42719');
  });

  it('reads left to right whatever the page direction, as the SMS writes the code', () => {
    render(
      <div dir="rtl">
        <Harness />
      </div>,
    );
    expect(boxes()[0].closest('fieldset')?.getAttribute('dir')).toBe('ltr');
  });
});
