import { blankServiceDocument, newBaseRule, type ServiceDocument } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  actionBoxes,
  actionOf,
  addCustomAction,
  canRemoveAction,
  confirmationOf,
  customActions,
  removeAction,
  withAction,
  withConfirmation,
  withMethod,
} from '../provisioning-form';

const prepaidRule = {
  ...newBaseRule('Monthly'),
  AdvancePaymentConfiguration: {
    AdvancePeriodLenghtInMonths: 12,
    AllowEarlyTermination: false,
    AdvancePeriodEndDateAction: 'Renew' as const,
  },
};
const doc = (over: Partial<ServiceDocument> = {}): ServiceDocument => ({ ...blankServiceDocument(), ...over });

describe('the Provisioning tab helpers', () => {
  it.each([
    ['create', [], ['CREATE', 'MODIFY', 'DELETE']],
    ['create', [prepaidRule], ['CREATE', 'MODIFY', 'DELETE', 'RENEW', 'RENEWMODIFY']],
    ['edit', [newBaseRule('Monthly')], ['CREATE', 'MODIFY', 'DELETE']],
  ] as const)('[S2.10] [S4.4] %s mode with %j fees shows the boxes %j', (mode, rules, boxes) => {
    expect(actionBoxes(doc({ BillingRules: [...rules] }), mode)).toEqual(boxes);
  });

  it('[S4.4] edit mode keeps a renew box the service already has', () => {
    const d = doc({ ProvisioningActions: [actionOf(doc(), 'RENEW')] });
    expect(actionBoxes(d, 'edit')).toContain('RENEW');
  });

  it('[S9.5] a new action has method None; Http gets POST, text/json, auth No; Email gets xml', () => {
    const a = actionOf(doc({ ProvisioningActions: [] }), 'CREATE');
    expect(a.Method).toBe('None');
    const http = withMethod(a, 'Http');
    expect(http.ProvisioningHttp).toMatchObject({
      HttpMethod: 'POST',
      ContentType: 'text/json',
      Auth: 'No',
      UseDefaultRequestBodyFormat: false,
    });
    const email = withMethod(http, 'Email');
    expect(email.ProvisioningEmail?.AttachmentType).toBe('xml');
    // What was typed for Http is kept when switching back.
    const typed = withMethod(
      { ...http, ProvisioningHttp: { ...http.ProvisioningHttp!, RequestUrlTemplate: 'https://x.test' } },
      'None',
    );
    expect(withMethod(typed, 'Http').ProvisioningHttp?.RequestUrlTemplate).toBe('https://x.test');
  });

  it('[S3.6] replaces an action of the same name or appends it', () => {
    const d = doc({ ProvisioningActions: [] });
    const once = withAction(d, withMethod(actionOf(d, 'CREATE'), 'Http'));
    const twice = withAction(once, withMethod(actionOf(once, 'CREATE'), 'Email'));
    expect(twice.ProvisioningActions.map((a) => [a.Action, a.Method])).toEqual([['CREATE', 'Email']]);
  });

  it('[S5.4] the confirmation message is kept only when it has a title or text', () => {
    const d = withConfirmation(doc(), { Title: 'Thanks' });
    expect(d.PostCreationMessage).toEqual([{ Title: 'Thanks', Message: '' }]);
    expect(confirmationOf(withConfirmation(d, { Message: '**Ready**' }))).toEqual({ Title: 'Thanks', Message: '**Ready**' });
    expect(withConfirmation(d, { Title: '' }).PostCreationMessage).toEqual([]);
  });

  it('[S3.6] [S9.5] custom actions are numbered and get the running-man icon', () => {
    const d = addCustomAction(addCustomAction(doc()));
    expect(customActions(d).map((a) => [a.Action, a.CustomActionDetails?.Icon])).toEqual([
      ['CustomAction_1', 'running-man'],
      ['CustomAction_2', 'running-man'],
    ]);
  });

  it('[S4.6] a custom action of the stored service cannot be removed in edit mode', () => {
    const stored = addCustomAction(doc());
    const d = addCustomAction(stored);
    expect(canRemoveAction('CustomAction_1', stored)).toBe(false);
    expect(canRemoveAction('CustomAction_2', stored)).toBe(true);
    expect(customActions(removeAction(d, 'CustomAction_1', stored))).toHaveLength(2);
    expect(customActions(removeAction(d, 'CustomAction_2', stored))).toHaveLength(1);
    expect(customActions(removeAction(d, 'CustomAction_1', null))).toHaveLength(1);
  });
});
