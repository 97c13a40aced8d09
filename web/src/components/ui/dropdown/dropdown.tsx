import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, Ref } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { message } from '@/lib/messages';
import { mergeRefs } from '@/lib/merge-refs';
import { FieldLabel } from '../field-label';
import { ChevronDownIcon } from '../icons';
import styles from './dropdown.module.css';

export interface DropdownOption<V extends string | number = number> {
  name: string;
  value: V;
}

/** Spec 000 section 5: the bare message 'Required' reads '{label} is Required', in the reader's language. */
export function dropdownErrorMessage(label: string, error: string | undefined): string | undefined {
  if (!error) return undefined;
  const bare = error === 'Required' || error === message('common.requiredShort');
  return bare ? i18next.t('common:dropdown.required', { label }) : error;
}

export interface DropdownProps<V extends string | number = number> {
  label: string;
  options: readonly DropdownOption<V>[];
  value: DropdownOption<V> | null | undefined;
  onChange: (option: DropdownOption<V>) => void;
  onBlur?: () => void;
  placeholder?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  name?: string;
  /** Shows a filter box above the options. */
  searchable?: boolean;
  /** Told each change of the filter text (a parent may fetch more options for it, e.g. from a server search). */
  onFilterChange?: (text: string) => void;
  emptyText?: string;
  className?: string;
  /** The field's button: a form library focuses it when the field is the first invalid one (`field.ref`). */
  ref?: Ref<HTMLButtonElement>;
}

export function Dropdown<V extends string | number = number>({
  label,
  options,
  value,
  onChange,
  onBlur,
  placeholder,
  error,
  required = false,
  disabled = false,
  id,
  name,
  searchable = false,
  onFilterChange,
  emptyText,
  className,
  ref,
}: DropdownProps<V>) {
  const { t } = useTranslation('common');
  const generatedId = useId();
  const baseId = id ?? `dropdown-${generatedId}`;
  const labelId = `${baseId}-label`;
  const listId = `${baseId}-listbox`;
  const errorId = `${baseId}-error`;
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const visible = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? options.filter((o) => o.name.toLowerCase().includes(needle)) : [...options];
  }, [options, filter]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) {
        setOpen(false);
        onBlur?.();
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, onBlur]);

  useEffect(() => {
    if (open && searchable) searchRef.current?.focus();
  }, [open, searchable]);

  useEffect(() => {
    if (!open || activeIndex < 0) return;
    const node = document.getElementById(`${baseId}-option-${activeIndex}`);
    node?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeIndex, baseId]);

  const openList = () => {
    if (disabled) return;
    const selected = visible.findIndex((o) => o.value === value?.value);
    setActiveIndex(selected >= 0 ? selected : 0);
    setOpen(true);
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    setFilter('');
    if (refocus) triggerRef.current?.focus();
  };

  const choose = (option: DropdownOption<V>) => {
    onChange(option);
    close(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (disabled) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex((i) => Math.min(i + 1, visible.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex((i) => Math.max(i - 1, 0));
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActiveIndex(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          setActiveIndex(visible.length - 1);
        }
        break;
      case 'Enter':
      case ' ':
        if (event.key === ' ' && searchable && open) break;
        event.preventDefault();
        if (!open) openList();
        else if (visible[activeIndex]) choose(visible[activeIndex]);
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close(true);
        }
        break;
      case 'Tab':
        if (open) close(false);
        break;
      default:
        break;
    }
  };

  const message = dropdownErrorMessage(label, error);
  const activeId = open && activeIndex >= 0 && visible[activeIndex] ? `${baseId}-option-${activeIndex}` : undefined;

  return (
    <div ref={rootRef} className={[styles.field, className].filter(Boolean).join(' ')}>
      <FieldLabel id={labelId} htmlFor={baseId} required={required}>
        {label}
      </FieldLabel>
      <button
        ref={mergeRefs(triggerRef, ref)}
        id={baseId}
        name={name}
        type="button"
        role="combobox"
        className={[styles.trigger, message ? styles.error : undefined].filter(Boolean).join(' ')}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={searchable ? undefined : activeId}
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={message ? errorId : undefined}
        disabled={disabled}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (!open) onBlur?.();
        }}
      >
        <span className={value ? styles.value : styles.placeholder}>
          {value ? value.name : (placeholder ?? t('dropdown.select'))}
        </span>
        <ChevronDownIcon size={20} className={open ? styles.chevronOpen : styles.chevron} />
      </button>
      {open ? (
        <div className={styles.popover}>
          {searchable ? (
            <input
              ref={searchRef}
              className={styles.search}
              type="text"
              dir="auto"
              value={filter}
              aria-label={t('dropdown.search', { label })}
              aria-controls={listId}
              aria-activedescendant={activeId}
              onChange={(e) => {
                setFilter(e.target.value);
                setActiveIndex(0);
                onFilterChange?.(e.target.value);
              }}
              onKeyDown={onKeyDown}
            />
          ) : null}
          <ul id={listId} role="listbox" aria-labelledby={labelId} className={styles.list}>
            {visible.length === 0 ? <li className={styles.empty}>{emptyText ?? t('dropdown.noOptions')}</li> : null}
            {visible.map((option, index) => (
              <li
                key={String(option.value)}
                id={`${baseId}-option-${index}`}
                role="option"
                aria-selected={option.value === value?.value}
                className={[styles.option, index === activeIndex ? styles.active : undefined].filter(Boolean).join(' ')}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActiveIndex(index)}
                onClick={() => choose(option)}
              >
                {option.name}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {message ? (
        <p id={errorId} className={styles.errorText}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
