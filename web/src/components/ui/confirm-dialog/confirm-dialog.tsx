import type { ReactNode } from 'react';
import { useOneAtATime } from '@/lib/one-at-a-time';
import { Button } from '../button';
import { Dialog } from '../dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** The act, named on its button ("Decline quote", "Accept price"): never "Cancel" or "OK". */
  act: string;
  /** Return the act's promise: until it settles, a second click (a double click) asks nothing again. */
  onAct: () => unknown;
  /** The plain way out, which changes nothing ("Keep quote"); Escape, the close icon and the backdrop too. */
  keep: string;
  onKeep: () => void;
  /** A destructive act (it cannot be undone) is red and said with a warning. */
  destructive?: boolean;
  pending?: boolean;
}

/**
 * A question before an act: the act's button names the act, and every other way out (the Keep button,
 * Escape, the close icon, a click beside the dialog) leaves everything as it was. Keep comes first, so the
 * first Tab and a reflexive Enter land on the harmless choice.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  act,
  onAct,
  keep,
  onKeep,
  destructive = false,
  pending = false,
}: ConfirmDialogProps) {
  const once = useOneAtATime();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!pending) onKeep();
      }}
      title={title}
      tone={destructive ? 'warning' : 'default'}
      actions={
        <>
          <Button variant="outline" onClick={onKeep} disabled={pending}>
            {keep}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} loading={pending} onClick={() => once(onAct)}>
            {act}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
