import type { ReactNode } from 'react';

export type Field = [label: string, value: ReactNode];

const shown = (v: ReactNode) =>
  v === null || v === undefined || v === '' ? <span className="text-muted-foreground">—</span> : v;

/** Read-only label / value pairs. */
export function FieldList({ fields, columns = 2 }: { fields: Field[]; columns?: 1 | 2 | 3 }) {
  const grid = columns === 3 ? 'sm:grid-cols-2 xl:grid-cols-3' : columns === 2 ? 'sm:grid-cols-2' : '';
  return (
    <dl className={`grid gap-x-6 gap-y-3 ${grid}`}>
      {fields.map(([label, value]) => (
        <div key={label} className="grid content-start gap-0.5">
          <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
          <dd className="text-sm break-words">{shown(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
