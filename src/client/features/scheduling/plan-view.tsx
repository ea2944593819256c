/** A submitted plan, read-only, with CSV and PDF export (real downloaded files). */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ObservationPlan } from '../../../shared/contract/observations.js';
import { toast } from '../../components/toast.js';
import { exportPlanCsv, exportPlanPdf, type PlanPdfHeader } from './plan-export.js';

export interface PlanViewProps {
  plan: ObservationPlan;
  title: string;
  /** File name without extension. */
  fileBase: string;
  /** The observation the PDF's header names. */
  header?: PlanPdfHeader;
}

export function PlanViewButton({ plan, title, fileBase, header }: PlanViewProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const run = (kind: 'csv' | 'pdf') => {
    setBusy(kind);
    const job = kind === 'csv' ? exportPlanCsv(plan, `${fileBase}.csv`) : exportPlanPdf(plan, title, `${fileBase}.pdf`, header);
    job.catch((err: unknown) => toast.error(err instanceof Error ? err.message : 'Export failed')).finally(() => setBusy(null));
  };
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>View {title}</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} size="lg">
        <Stack gap="sm">
          {plan.steps.map((s) => (
            <div key={s.id}>
              <Text size="xs" c="dimmed">{s.code} · {s.name}</Text>
              <Text size="sm" fw={500}>{s.field}</Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{s.response || '—'}</Text>
            </div>
          ))}
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button variant="default" loading={busy === 'csv'} onClick={() => run('csv')}>Export CSV</Button>
          <Button variant="default" loading={busy === 'pdf'} onClick={() => run('pdf')}>Export PDF</Button>
        </Group>
      </Modal>
    </>
  );
}
