import { CONTAINER_FIELDS, containerValue, labelWithUnit } from '@/lib/order-fields';
import type { OrderContainer } from '@/lib/order-fields';

/** The column headings of a containers table, one per container field (`CONTAINER_FIELDS`). */
export function ContainerHeadings() {
  return (
    <>
      {CONTAINER_FIELDS.map((f) => (
        <th key={f.key} scope="col">
          {labelWithUnit(f)}
        </th>
      ))}
    </>
  );
}

/** One container's cells under `ContainerHeadings`, labelled for the stacked (narrow) layout. */
export function ContainerCells({ container }: { container: OrderContainer }) {
  return (
    <>
      {CONTAINER_FIELDS.map((f) => (
        <td key={f.key} data-label={labelWithUnit(f)}>
          {containerValue(container, f)}
        </td>
      ))}
    </>
  );
}
