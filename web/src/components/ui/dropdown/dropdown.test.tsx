import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown, dropdownErrorMessage } from './dropdown';

const ports = [
  { name: 'Bandar Abbas', value: 1 },
  { name: 'Jebel Ali', value: 2 },
  { name: 'Hamburg', value: 3 },
];

/** A form of one required port, as a form library holds it (`Controller`). */
function PortForm() {
  const { control, handleSubmit } = useForm<{ pol: { name: string; value: number } | null }>({
    defaultValues: { pol: null },
  });
  return (
    <form onSubmit={handleSubmit(() => {})}>
      <Controller
        control={control}
        name="pol"
        rules={{ required: 'Required' }}
        render={({ field, fieldState }) => (
          <Dropdown
            label="POL"
            options={ports}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <button type="submit">Send</button>
    </form>
  );
}

describe('Dropdown', () => {
  it("turns 'Required' into '{label} is Required'", () => {
    expect(dropdownErrorMessage('POL', 'Required')).toBe('POL is Required');
    expect(dropdownErrorMessage('POL', 'Pick another port')).toBe('Pick another port');
    expect(dropdownErrorMessage('POL', undefined)).toBeUndefined();
  });

  it('shows the labelled error under the field', () => {
    render(<Dropdown label="Container Type" options={ports} value={null} onChange={() => {}} error="Required" />);
    expect(screen.getByText('Container Type is Required')).not.toBeNull();
  });

  it('opens a listbox and picks an option with the keyboard', () => {
    const onChange = vi.fn();
    render(<Dropdown label="POD" options={ports} value={null} onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: 'POD' });
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(screen.getByRole('listbox')).not.toBeNull();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ name: 'Jebel Ali', value: 2 });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('filters options when searchable', () => {
    render(<Dropdown label="Port" options={ports} value={null} onChange={() => {}} searchable />);
    fireEvent.click(screen.getByRole('combobox', { name: 'Port' }));
    fireEvent.change(screen.getByLabelText('Search Port'), { target: { value: 'ham' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Hamburg']);
  });

  it('tells the parent each filter text, so it can search more options on the server', () => {
    const onFilterChange = vi.fn();
    const { rerender } = render(
      <Dropdown
        label="POD"
        options={ports}
        value={null}
        onChange={() => {}}
        searchable
        onFilterChange={onFilterChange}
      />,
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'POD' }));
    fireEvent.change(screen.getByLabelText('Search POD'), { target: { value: 'chabahar' } });
    expect(onFilterChange).toHaveBeenLastCalledWith('chabahar');
    expect(screen.queryAllByRole('option')).toEqual([]);
    // The options the parent found arrive; the ones matching the filter show.
    const found = [...ports, { name: 'Chabahar / Chah Bahar (IRZBR)', value: 101 }];
    rerender(
      <Dropdown
        label="POD"
        options={found}
        value={null}
        onChange={() => {}}
        searchable
        onFilterChange={onFilterChange}
      />,
    );
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Chabahar / Chah Bahar (IRZBR)']);
  });

  it('is focused by the form library when it is the invalid field', async () => {
    render(<PortForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const trigger = screen.getByRole('combobox', { name: 'POL' });
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(trigger.getAttribute('aria-invalid')).toBe('true');
  });
});
