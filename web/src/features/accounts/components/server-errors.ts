import { useEffect } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Wire keys the server names that a form calls otherwise (spec spellings). */
const WIRE_TO_FORM: Record<string, string> = { econimicCode: 'economicCode', registerationCode: 'registrationCode' };

/** Puts the server's `error.fields` messages under their fields. */
export function useServerFieldErrors<T extends FieldValues>(
  fields: Record<string, string> | undefined,
  setError: UseFormSetError<T>,
  known: readonly string[],
) {
  useEffect(() => {
    if (!fields) return;
    for (const [wire, message] of Object.entries(fields)) {
      const name = WIRE_TO_FORM[wire] ?? wire;
      if (known.includes(name)) setError(name as Path<T>, { type: 'server', message });
    }
  }, [fields, setError, known]);
}
