import {
  type Dashboard,
  type DashboardAudience,
  type DashboardContent,
  type DashboardLayout,
  type FieldError,
  UpdateDashboardInputSchema,
} from '@portal/contracts';

/** What the edit mode changes before Save: the spec's editable fields [M2.10]. */
export interface DashboardDraft {
  title: string;
  layout: DashboardLayout;
  content: DashboardContent;
  visibleTo: DashboardAudience[];
}

export function draftOf(dashboard: Dashboard): DashboardDraft {
  return { title: dashboard.title, layout: dashboard.layout, content: dashboard.content, visibleTo: dashboard.visibleTo };
}

/** True when the draft differs from the dashboard as saved. */
export function isDraftChanged(draft: DashboardDraft, saved: Dashboard): boolean {
  return JSON.stringify(draftOf(saved)) !== JSON.stringify(draft);
}

/** [M9.5] The audiences in the order the screen offers them, whatever order they were ticked in. */
export function sortedAudiences(list: readonly string[]): DashboardAudience[] {
  return (['Reseller', 'Company'] as const).filter((a) => list.includes(a));
}

/**
 * The field errors of saving `draft` (dotted paths as the server names them, e.g. `title`, `content.a1.url`), first
 * message per field; {} when the contract's update schema accepts it.
 */
export function draftErrors(draft: DashboardDraft, id: number, version: number, published: boolean): Record<string, string> {
  const result = UpdateDashboardInputSchema.safeParse({ ...draft, id, Version: version, published });
  if (result.success) return {};
  return errorsByField(result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
}

/** Field errors (from the schema or the server's problem) by field, first message per field. */
export function errorsByField(errors: readonly FieldError[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const error of errors) byField[error.field] ??= error.message;
  return byField;
}

/** The error shown on a slot: any of its widget's field errors (`content.<slotId>` or below). */
export function slotError(errors: Record<string, string>, slotId: string): string | null {
  const prefix = `content.${slotId}`;
  const key = Object.keys(errors).find((field) => field === prefix || field.startsWith(`${prefix}.`));
  return key ? (errors[key] as string) : null;
}
