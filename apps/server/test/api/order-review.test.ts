import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * The review of an order under review (decision 0032) through the real server: ApproveOrder completes
 * it and starts its provisioning, DeclineOrder cancels it and terminates its subscription; the user
 * who placed it is e-mailed either way [A2.44] [M4.23]; only ORDER_MANAGEMENT update above the
 * customer decides, and only an order under review.
 */

let t: TestApp;
let company: number;
let buyer: number;
const clients: Record<string, ApiClient> = {};
const users: Record<string, { id: number; username: string }> = {};
const op = (who: string, name: string, input: unknown) => clients[who]!.op(name, input);
let placed = 0;

/** The placer orders the plain service for the buyer, above Buyer Co's credit limit: under review. */
async function placeOrder(): Promise<{ accountId: number; orderNumber: string }> {
  placed++;
  const views = {
    Default: { Values: { DisplayName: `Reviewed backup ${placed}` } },
    Product: { Values: { Quantity: '1' } },
    Service: { Values: { Plan: 'Basic', Seats: '3' } },
  };
  const res = await op('placer', 'CreateAccount', { accountType: 'Product', parentId: buyer, productName: 'Rev Plain', views });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.OrderStatus).toBe('UnderReview');
  const [order] = await t.db.query<{ order_number: string }>('SELECT order_number FROM orders WHERE account_id = $1', [
    res.body.AccountId,
  ]);
  return { accountId: res.body.AccountId, orderNumber: order!.order_number };
}

const orderRow = async (orderNumber: string) => {
  const [row] = await t.db.query<{
    status: string;
    decided_by: number | null;
    decided_at: Date | null;
    decision_reason: string | null;
  }>('SELECT status, decided_by, decided_at, decision_reason FROM orders WHERE order_number = $1', [orderNumber]);
  return row!;
};

const lastMailTo = async (userId: number) => {
  const [mail] = await t.db.query<{ mail_to: string; subject: string; body_text: string }>(
    'SELECT mail_to, subject, body_text FROM mail_outbox WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
    [userId],
  );
  return mail;
};

const requestsOf = (accountId: number) =>
  t.db.query<{ action: string; status: string }>('SELECT action, status FROM provisioning_requests WHERE account_id = $1', [
    accountId,
  ]);

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, currency: 'EUR' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, currency: 'EUR', displayName: 'Buyer Co' });
  buyer = (await makeUser(t.db, { parentId: company, capabilities: [], displayName: 'Bea Buyer' })).id;
  const sign = async (name: string, parentId: number, capabilities: string[]) => {
    const user = await makeUser(t.db, { parentId, capabilities });
    users[name] = user;
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  };
  const DECIDE = ['ORDER_MANAGEMENT_READ', 'ORDER_MANAGEMENT_UPDATE'];
  await sign('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL, ...DECIDE]);
  await sign('placer', reseller, [
    ...READ_ALL,
    'PRODUCT_ACCOUNT_CREATE',
    'MARKETPLACE_TC_ACCEPT_EXECUTE',
    'FIELDS_CREDITLIMIT_READ',
    'FIELDS_CREDITLIMIT_UPDATE',
  ]);
  await sign('reviewer', reseller, [...READ_ALL, ...DECIDE]);
  await sign('readOnly', reseller, [...READ_ALL, 'ORDER_MANAGEMENT_READ']);
  await sign('companyAdmin', company, [...READ_ALL, ...DECIDE]);
  await createService(
    t.db,
    clients.provider!,
    serviceInput('Rev Plain', {
      Descriptions: [{ Type: 'Description', LocalizationLanguageCode: 'en', Title: 'Plain', Content: 'No terms' }],
      ProvisioningActions: [
        {
          Action: 'CREATE',
          Method: 'Email',
          ProvisioningEmail: {
            EmailTo: 'desk@vendor.example',
            SubjectTemplate: '{{ACTION}} {{PRODUCTNAME}}',
            BodyText: 'Please set up {{DisplayName}}.',
            AttachmentType: 'xml',
          },
        },
      ],
    }),
  );
  const limit = await clients.placer!.edit('AddCreditLimitRecord', {
    accountId: company,
    Limit: '5',
    Comment: 'Low',
    IsLocked: false,
  });
  expect(limit.status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('ApproveOrder', () => {
  it('[M4.23] [A2.44] completes the order, starts its provisioning, clears the banner and e-mails the placing user', async () => {
    const { accountId, orderNumber } = await placeOrder();
    expect(await requestsOf(accountId)).toEqual([]);

    const res = await op('reviewer', 'ApproveOrder', { orderNumber });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      OrderNumber: orderNumber,
      Status: 'Completed',
      AccountId: accountId,
      Reason: null,
      ProvisioningRequestId: expect.any(Number),
      MailSentTo: `${users.placer!.username}@example.com`,
    });
    const row = await orderRow(orderNumber);
    expect(row).toMatchObject({ status: 'Completed', decided_by: users.reviewer!.id, decision_reason: null });
    expect(row.decided_at).not.toBeNull();
    expect(await requestsOf(accountId)).toEqual([{ action: 'CREATE', status: expect.any(String) }]);
    const account = await op('reviewer', 'LoadAccountById', { id: accountId });
    expect(account.body.Views.ExtendedView.Values.ApprovalInProgress).toBe(false);
    const mail = await lastMailTo(users.placer!.id);
    expect(mail?.subject).toBe(`Order ${orderNumber} is approved`);
    expect(mail?.body_text).toContain('for Buyer Co was reviewed and approved.');
    const [audit] = await t.db.query<{ actor_id: number; before: unknown; after: unknown }>(
      "SELECT actor_id, before, after FROM audit_log WHERE operation = 'ApproveOrder' AND account_id = $1",
      [accountId],
    );
    expect(audit).toMatchObject({
      actor_id: users.reviewer!.id,
      before: { OrderNumber: orderNumber, Status: 'UnderReview' },
      after: { OrderNumber: orderNumber, Status: 'Completed' },
    });
  });

  it('refuses an order that is no longer under review, naming its status', async () => {
    const { orderNumber } = await placeOrder();
    await op('reviewer', 'ApproveOrder', { orderNumber });

    const again = await op('reviewer', 'ApproveOrder', { orderNumber });
    const decline = await op('reviewer', 'DeclineOrder', { orderNumber, reason: 'Too late' });

    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(again.body.detail).toBe('Only an order under review can be approved or declined; this order is completed');
    expect(decline.status).toBe(409);
    expect((await orderRow(orderNumber)).status).toBe('Completed');
  });
});

describe('DeclineOrder', () => {
  it('[M4.23] [A2.44] cancels the order, terminates its subscription unprovisioned and e-mails the reason', async () => {
    const { accountId, orderNumber } = await placeOrder();

    const res = await op('reviewer', 'DeclineOrder', { orderNumber, reason: '  Credit limit cannot be raised \n' });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      Status: 'Canceled',
      Reason: 'Credit limit cannot be raised',
      ProvisioningRequestId: null,
      MailSentTo: `${users.placer!.username}@example.com`,
    });
    expect(await orderRow(orderNumber)).toMatchObject({
      status: 'Canceled',
      decided_by: users.reviewer!.id,
      decision_reason: 'Credit limit cannot be raised',
    });
    const [account] = await t.db.query<{ state: string }>('SELECT state FROM accounts WHERE id = $1', [accountId]);
    expect(account?.state).toBe('Terminated');
    expect(await requestsOf(accountId)).toEqual([]);
    const mail = await lastMailTo(users.placer!.id);
    expect(mail?.subject).toBe(`Order ${orderNumber} is declined`);
    expect(mail?.body_text).toContain('Reason: Credit limit cannot be raised');

    const again = await op('reviewer', 'ApproveOrder', { orderNumber });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('this order is canceled');
  });

  it.each([
    { label: 'empty', reason: '', message: 'Give the reason for declining the order' },
    { label: 'blank', reason: '   \n ', message: 'Give the reason for declining the order' },
    { label: '501 characters', reason: 'x'.repeat(501), message: 'The reason has 501 characters; at most 500 are allowed' },
  ])('refuses a reason that is $label, naming the field, and changes nothing', async ({ reason, message }) => {
    const { accountId, orderNumber } = await placeOrder();

    const res = await op('reviewer', 'DeclineOrder', { orderNumber, reason });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'reason', message }]);
    expect((await orderRow(orderNumber)).status).toBe('UnderReview');
    const [account] = await t.db.query<{ state: string }>('SELECT state FROM accounts WHERE id = $1', [accountId]);
    expect(account?.state).not.toBe('Terminated');
  });
});

describe('who reviews an order', () => {
  it('refuses a caller without ORDER_MANAGEMENT update, naming it', async () => {
    const { orderNumber } = await placeOrder();

    const approve = await op('readOnly', 'ApproveOrder', { orderNumber });
    const decline = await op('readOnly', 'DeclineOrder', { orderNumber, reason: 'No' });

    expect(approve.status).toBe(403);
    expect(approve.body.detail).toContain('You need permission to change order management');
    expect(decline.status).toBe(403);
    expect((await orderRow(orderNumber)).status).toBe('UnderReview');
  });

  it("a company administrator cannot decide its own company's order: the same 404 as a missing order", async () => {
    const { orderNumber } = await placeOrder();

    const own = await op('companyAdmin', 'ApproveOrder', { orderNumber });
    const ownDecline = await op('companyAdmin', 'DeclineOrder', { orderNumber, reason: 'Mine' });
    const missing = await op('companyAdmin', 'ApproveOrder', { orderNumber: 'ORD-999999' });

    expect(own.status).toBe(404);
    expect(ownDecline.status).toBe(404);
    const { requestId: _a, ...ownBody } = own.body;
    const { requestId: _b, ...missingBody } = missing.body;
    expect(ownBody).toEqual(missingBody);
    expect((await orderRow(orderNumber)).status).toBe('UnderReview');
  });

  it('[A2.33] ListOrders says which rows the caller may decide', async () => {
    const { orderNumber } = await placeOrder();
    const canDecide = async (who: string) => {
      const res = await op(who, 'ListOrders', { search: orderNumber });
      expect(res.status).toBe(200);
      return res.body.Items.map((o: { CanDecide: boolean }) => o.CanDecide);
    };

    expect(await canDecide('reviewer')).toEqual([true]);
    expect(await canDecide('provider')).toEqual([true]);
    expect(await canDecide('readOnly')).toEqual([false]);
    expect(await canDecide('companyAdmin')).toEqual([false]);
    await op('reviewer', 'ApproveOrder', { orderNumber });
    expect(await canDecide('reviewer')).toEqual([false]);
  });

  it("the provider reviews the orders of every reseller's customers", async () => {
    const { orderNumber } = await placeOrder();

    const res = await op('provider', 'DeclineOrder', { orderNumber, reason: 'Provider says no' });

    expect(res.status).toBe(200);
    expect(res.body.Status).toBe('Canceled');
  });
});
