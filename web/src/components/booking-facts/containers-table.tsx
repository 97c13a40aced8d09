import { isLtrKey, Ltr } from '@/components/ui/ltr';
import type { CSSProperties, Key, ReactNode } from 'react';
import { CONTAINER_FIELDS, containerValue, fieldLabel } from '@/lib/order-fields';
import type { OrderContainer } from '@/lib/order-fields';

export interface ContainersTableProps<C extends OrderContainer> {
  caption: string;
  /** How the caption shows (e.g. `visually-hidden` where the dialog's heading already names the table). */
  captionClassName?: string;
  style?: CSSProperties;
  containers: readonly C[];
  rowKey: (container: C) => Key | null | undefined;
  /** A last column of controls (the dialog's Delete): its heading, read by screen readers only, and a cell a row. */
  action?: { heading: string; cell: (container: C) => ReactNode };
}

/**
 * A shipping order's containers, one column per container field (`CONTAINER_FIELDS`), each cell labelled with
 * its heading for the stacked (narrow) layout: the facts panel and the container dialog.
 */
export function ContainersTable<C extends OrderContainer>({
  caption,
  captionClassName,
  style,
  containers,
  rowKey,
  action,
}: ContainersTableProps<C>) {
  return (
    <table className="stack-table" style={style}>
      <caption className={captionClassName}>{caption}</caption>
      <thead>
        <tr>
          {CONTAINER_FIELDS.map((f) => (
            <th key={f.key} scope="col">
              {fieldLabel('containerFields', f)}
            </th>
          ))}
          {action ? (
            <th scope="col">
              <span className="visually-hidden">{action.heading}</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {containers.map((container) => (
          <tr key={rowKey(container)}>
            {CONTAINER_FIELDS.map((f) => (
              <td key={f.key} data-label={fieldLabel('containerFields', f)}>
                {isLtrKey(f.key) ? <Ltr>{containerValue(container, f)}</Ltr> : containerValue(container, f)}
              </td>
            ))}
            {action ? <td>{action.cell(container)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
