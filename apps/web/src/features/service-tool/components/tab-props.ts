import type { FieldError, Service, ServiceArea, ServiceDocument } from '@portal/contracts';

/** What the window knows besides the document, for tabs that need it. */
export interface ServiceTabContext {
  /** The service as loaded (edit mode), for what edit mode locks [S4.6]; null in create mode. */
  stored: ServiceDocument | null;
  /** Areas the user may update; null in create mode, where every tab shows [S2.2]. */
  editableAreas: ServiceArea[] | null;
  /** [S6.4] Tags outside the known list may be typed. */
  canCreateTags: boolean;
  /** [S6.4] Remote data sources may be changed (SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE); absent: yes. */
  canEditRemoteDataSource?: boolean;
  /** [S4.8] The stored description groups of the service (edit mode), for the shared-group lock. */
  descriptionGroups?: Service['DescriptionGroups'];
}

/**
 * The contract of a tab of the service tool window [S2.2]: the tab gets the whole service document and
 * hands back a changed copy; the window keeps the document, validates it on Save [S5.1] and sends it.
 */
export interface ServiceTabProps {
  doc: ServiceDocument;
  mode: 'create' | 'edit';
  onChange(next: ServiceDocument): void;
  /** This tab's messages (paths like `Fields.2.DisplayName`), from the shared rules and the server. */
  errors: FieldError[];
  /** True once the user pressed Save: show every message, not only those of touched inputs. */
  showErrors: boolean;
  context?: ServiceTabContext;
}
