import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column of labelled facts (label in a row header, value beside it): an order's number, company, amounts. */
export function FactsTable(props: { rows: readonly [string, ReactNode][]; label: string; labelWidth: string; maw?: number }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4} maw={props.maw} aria-label={props.label}>
      <Table.Tbody>
        {props.rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w={props.labelWidth} fw={600}>
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
