import type { FieldError, ServiceDocument } from '@portal/contracts';

/** The props every tab of the service tool window takes: the whole document and its errors. */
export interface TabProps {
  doc: ServiceDocument;
  mode: 'create' | 'edit';
  onChange(next: ServiceDocument): void;
  errors: FieldError[];
  showErrors: boolean;
}
