// How fault rules read in a table or as TSV rows.
import type { SandboxFault } from '../../../api/sandbox-control/fault-schema.js';
import { scalarText } from '../../../core/json.js';
import { listView, type Column, type View } from '../../../core/output.js';
import type { SandboxFaultColumn } from './columns.js';

export function faultListView(order: readonly SandboxFaultColumn[]): View<SandboxFault> {
  const columns: Record<SandboxFaultColumn, Column<SandboxFault>> = {
    id: { header: 'ID', value: (f) => f.id },
    method: { header: 'METHOD', value: (f) => f.method },
    path: { header: 'PATH', value: (f) => f.path },
    status: { header: 'STATUS', value: (f) => scalarText(f.status) },
    probability: { header: 'PROBABILITY', value: (f) => scalarText(f.probability) },
    latencyMs: { header: 'LATENCY MS', value: (f) => scalarText(f.latencyMs) },
  };
  return listView(columns, order);
}

/** One rule: its id and the rule as the sandbox wrote it back. */
export const faultView: View<SandboxFault> = {
  columns: [
    { header: 'ID', value: (f) => f.id },
    { header: 'RULE', value: (f) => f.rule },
  ],
};
