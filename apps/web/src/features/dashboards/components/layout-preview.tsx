import type { DashboardLayoutRow } from '@portal/contracts';
import { shareWeight } from '../utils/dashboard-grid';

/** [M9.5] A small drawing of a layout: its rows and slots in their proportions (decorative; the name says it). */
export function LayoutPreview(props: {
  layout: { readonly rows: readonly DashboardLayoutRow[] };
  width?: number;
  height?: number;
}) {
  return (
    <div
      aria-hidden
      style={{
        width: props.width ?? 120,
        height: props.height ?? 80,
        display: 'flex',
        flexDirection: 'column',
        gap: 3,
        padding: 3,
        border: '1px solid var(--mantine-color-gray-5)',
        borderRadius: 4,
        background: 'var(--mantine-color-body)',
      }}
    >
      {props.layout.rows.map((row, r) => (
        // Rows of a preset never move: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={r} style={{ flex: shareWeight(row.height), display: 'flex', gap: 3, minHeight: 0 }}>
          {row.items.map((item) => (
            <div
              key={item.id}
              style={{ flex: shareWeight(item.width), background: 'var(--mantine-color-blue-2)', borderRadius: 2 }}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
