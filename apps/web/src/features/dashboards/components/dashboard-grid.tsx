import type { DashboardLayoutRow } from '@portal/contracts';
import type { ReactNode } from 'react';
import { shareWeight } from '../utils/dashboard-grid';

/**
 * [M3.6] [M9.5] A dashboard's rows and slots in their proportions (heights and widths in sixths). On a phone the
 * slots stack, each as wide as the screen, in reading order.
 */
export function DashboardGrid(props: {
  layout: { readonly rows: readonly DashboardLayoutRow[] };
  minHeight?: number;
  renderSlot: (slotId: string) => ReactNode;
}) {
  const minHeight = props.minHeight ?? 540;
  return (
    <div className="dashboard-grid" style={{ display: 'flex', flexDirection: 'column', gap: 12, minHeight }}>
      {props.layout.rows.map((row, r) => (
        <div
          // Rows have no id of their own; their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={r}
          className="dashboard-grid-row"
          style={{
            flex: shareWeight(row.height),
            minHeight: (minHeight * shareWeight(row.height)) / 6 - 12,
            display: 'flex',
            gap: 12,
            flexWrap: 'wrap',
          }}
        >
          {row.items.map((item) => (
            <div
              key={item.id}
              className="dashboard-grid-slot"
              style={{ flex: `${shareWeight(item.width)} 1 0`, minWidth: 'min(100%, 260px)', display: 'flex' }}
            >
              {props.renderSlot(item.id)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
