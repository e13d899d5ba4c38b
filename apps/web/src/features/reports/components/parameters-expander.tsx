import { Collapse, List, Text, UnstyledButton } from '@mantine/core';
import type { ReportParameter } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toTypedDate } from '../utils/report-dates';

/** [M2.51] [M2.52] A report's parameters behind a toggle: each name with its default (dates as dd/MM/yyyy). */
export function ParametersExpander({ reportName, parameters }: { reportName: string; parameters: ReportParameter[] }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const id = useId();
  if (parameters.length === 0) return null;
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={isOpen}
        aria-controls={id}
        aria-label={t('reports.params.toggle', { name: reportName })}
        fz="xs"
        c="blue.9"
        px={4}
        py={2}
        style={{ textDecoration: 'underline' }}
      >
        {isOpen ? '▾' : '▸'} {t('reports.params.title', { count: parameters.length })}
      </UnstyledButton>
      <Collapse in={isOpen} id={id}>
        <List size="xs" spacing={2} pl="md" pb={4}>
          {parameters.map((p) => (
            <List.Item key={p.Name}>
              <Text span size="xs" fw={600}>
                {p.DisplayName}
              </Text>
              <Text span size="xs" c="gray.8">
                {': '}
                {p.Default === null
                  ? t('reports.params.noDefault')
                  : p.DisplayTemplate === 'Date'
                    ? toTypedDate(p.Default)
                    : p.Default}
              </Text>
            </List.Item>
          ))}
        </List>
      </Collapse>
    </>
  );
}
