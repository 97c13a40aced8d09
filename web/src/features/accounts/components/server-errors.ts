import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldValues, Path, UseFormProps, UseFormReturn, UseFormSetError } from 'react-hook-form';

/** Wire keys the server names that a form calls otherwise (spec spellings). */
const WIRE_TO_FORM: Record<string, string> = { econimicCode: 'economicCode', registerationCode: 'registrationCode' };

/**
 * Puts the server's `error.fields` messages under their fields; answers the messages of fields the form does
 * not show (its words only, never the wire key), for the form to say above its buttons.
 */
export function useServerFieldErrors<T extends FieldValues>(
  fields: Record<string, string> | undefined,
  setError: UseFormSetError<T>,
  known: readonly string[],
): string[] {
  useEffect(() => {
    if (!fields) return;
    for (const [wire, message] of Object.entries(fields)) {
      const name = WIRE_TO_FORM[wire] ?? wire;
      if (known.includes(name)) setError(name as Path<T>, { type: 'server', message });
    }
  }, [fields, setError, known]);
  return useMemo(
    () => [
      ...new Set(
        Object.entries(fields ?? {})
          .filter(([wire]) => !known.includes(WIRE_TO_FORM[wire] ?? wire))
          .map(([, message]) => message),
      ),
    ],
    [fields, known],
  );
}

/**
 * An account form: `useForm` with `options` (its zod resolver), the server's messages put under the `known`
 * fields, and `unplaced`, the messages about fields it does not show.
 */
export function useServerCheckedForm<T extends FieldValues>(
  options: UseFormProps<T>,
  serverFields: Record<string, string> | undefined,
  known: readonly string[],
): UseFormReturn<T> & { unplaced: string[] } {
  const form = useForm<T>(options);
  const unplaced = useServerFieldErrors(serverFields, form.setError, known);
  return { ...form, unplaced };
}
