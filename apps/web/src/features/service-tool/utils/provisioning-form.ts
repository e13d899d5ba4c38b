/**
 * Pure helpers of the Provisioning tab [S2.10]: which action boxes show [S4.4], the method panels with
 * the defaults of [S9.5], the post-creation message [S5.4] and custom actions [S3.6].
 */
import {
  CUSTOM_ACTION_PATTERN,
  newProvisioningAction,
  nextCustomActionName,
  type ProvisioningAction,
  ProvisioningEmailSchema,
  ProvisioningHttpSchema,
  type ProvisioningMethod,
  provisioningBoxes,
  type ServiceDocument,
  STANDARD_PROVISIONING_ACTIONS,
} from '@portal/contracts';

/**
 * [S2.10], [S4.4] The standard action boxes: CREATE, MODIFY and DELETE, plus RENEW and RENEWMODIFY
 * when a fee uses advance payment. Edit mode also keeps a renew action the service already has.
 */
export function actionBoxes(
  doc: Pick<ServiceDocument, 'BillingRules' | 'ProvisioningActions'>,
  mode: 'create' | 'edit',
): string[] {
  const boxes = provisioningBoxes(doc.BillingRules);
  if (mode === 'edit') {
    for (const a of doc.ProvisioningActions) {
      if ((STANDARD_PROVISIONING_ACTIONS as readonly string[]).includes(a.Action) && !boxes.includes(a.Action))
        boxes.push(a.Action);
    }
  }
  return boxes;
}

/** The action of a box: the stored one, or a new one with the defaults of [S9.5]. */
export function actionOf(doc: Pick<ServiceDocument, 'ProvisioningActions'>, name: string): ProvisioningAction {
  return doc.ProvisioningActions.find((a) => a.Action === name) ?? newProvisioningAction(name);
}

/** Replaces the action of the same name, or appends it. */
export function withAction(doc: ServiceDocument, action: ProvisioningAction): ServiceDocument {
  const exists = doc.ProvisioningActions.some((a) => a.Action === action.Action);
  return {
    ...doc,
    ProvisioningActions: exists
      ? doc.ProvisioningActions.map((a) => (a.Action === action.Action ? action : a))
      : [...doc.ProvisioningActions, action],
  };
}

/**
 * [S3.6], [S9.5] Chooses the method; the matching panel gets its defaults (POST, text/json, auth No;
 * e-mail attachment xml) the first time, and keeps what was typed when switching back.
 */
export function withMethod(action: ProvisioningAction, method: ProvisioningMethod): ProvisioningAction {
  return {
    ...action,
    Method: method,
    ProvisioningHttp: method === 'Http' ? (action.ProvisioningHttp ?? ProvisioningHttpSchema.parse({})) : action.ProvisioningHttp,
    ProvisioningEmail:
      method === 'Email' ? (action.ProvisioningEmail ?? ProvisioningEmailSchema.parse({})) : action.ProvisioningEmail,
  };
}

/** [S2.10] The post-creation confirmation message being edited (empty when there is none). */
export function confirmationOf(doc: Pick<ServiceDocument, 'PostCreationMessage'>): { Title: string; Message: string } {
  return doc.PostCreationMessage[0] ?? { Title: '', Message: '' };
}

/** Sets the post-creation message; an empty title and text means no message. */
export function withConfirmation(doc: ServiceDocument, patch: Partial<{ Title: string; Message: string }>): ServiceDocument {
  const next = { ...confirmationOf(doc), ...patch };
  return { ...doc, PostCreationMessage: next.Title === '' && next.Message === '' ? [] : [next] };
}

/** [S3.6] The custom actions, in order. */
export function customActions(doc: Pick<ServiceDocument, 'ProvisioningActions'>): ProvisioningAction[] {
  return doc.ProvisioningActions.filter((a) => CUSTOM_ACTION_PATTERN.test(a.Action));
}

/** Adds a custom action named CustomAction_N with the default icon running-man [S9.5]. */
export function addCustomAction(doc: ServiceDocument): ServiceDocument {
  return withAction(doc, newProvisioningAction(nextCustomActionName(doc.ProvisioningActions)));
}

/** [S4.6] A custom action the stored service already has is fixed in edit mode. */
export function canRemoveAction(name: string, stored: Pick<ServiceDocument, 'ProvisioningActions'> | null): boolean {
  return !stored?.ProvisioningActions.some((a) => a.Action === name);
}

/** Removes an action unless edit mode fixes it. */
export function removeAction(
  doc: ServiceDocument,
  name: string,
  stored: Pick<ServiceDocument, 'ProvisioningActions'> | null,
): ServiceDocument {
  if (!canRemoveAction(name, stored)) return doc;
  return { ...doc, ProvisioningActions: doc.ProvisioningActions.filter((a) => a.Action !== name) };
}
