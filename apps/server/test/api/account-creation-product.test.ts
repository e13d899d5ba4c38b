import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/** [A2.41] Creating a subscription (Product account) with the creation wizard's operations [A7.13]. */

let t: TestApp;
let company: number;
let buyer: number;
const clients: Record<string, ApiClient> = {};
const users: Record<string, { id: number; username: string }> = {};
const op = (who: string, name: string, input: unknown) => clients[who]!.op(name, input);

const productViews = (values: Record<string, unknown>, name = 'My backup') => ({
  Default: { Values: { DisplayName: name } },
  Product: { Values: { Quantity: '1' } },
  Service: { Values: values },
});

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
  await sign('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL]);
  await sign('admin', reseller, [
    ...READ_ALL,
    'PRODUCT_ACCOUNT_CREATE',
    'MARKETPLACE_TC_ACCEPT_EXECUTE',
    'BILLING_SHOWPRODUCTPRICE_READ',
    'FIELDS_CREDITLIMIT_READ',
    'FIELDS_CREDITLIMIT_UPDATE',
  ]);
  await sign('noTerms', reseller, [...READ_ALL, 'PRODUCT_ACCOUNT_CREATE']);
  await sign('userCreator', reseller, [...READ_ALL, 'USER_ACCOUNT_CREATE']);
  await createService(t.db, clients.provider!, serviceInput('Wiz Backup'));
  await createService(
    t.db,
    clients.provider!,
    serviceInput('Wiz Plain', {
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
  for (const name of ['Wiz Backup Plus', 'Wiz Backup Pro', 'Wiz Backup Max', 'Wiz Backup Zen'])
    await createService(t.db, clients.provider!, serviceInput(name));
  await createService(t.db, clients.provider!, serviceInput('Wiz Mail', { Category: 'Communication' }));
  await createService(
    t.db,
    clients.provider!,
    serviceInput('Wiz Personal', { Category: 'Training', Parents: [{ ParentAccountType: 'User', ParentProductName: null }] }),
  );
  await createService(
    t.db,
    clients.provider!,
    serviceInput('Wiz Addon', { Parents: [{ ParentAccountType: 'Product', ParentProductName: 'Wiz Backup' }] }),
  );
});
afterAll(async () => {
  await t.close();
});

describe('[A2.41] [A7.13] creating a subscription', () => {
  it('lists the active services a customer can order, with whether they have terms', async () => {
    const res = await op('admin', 'GetAvailableServicesForCreate', { parentId: buyer, text: 'Wiz' });

    expect(res.status).toBe(200);
    expect(res.body.Parent).toEqual({ AccountId: buyer, AccountType: 'User', DisplayName: 'Bea Buyer' });
    const items = res.body.Items.map((i: { ServiceName: string; HasTerms: boolean }) => [i.ServiceName, i.HasTerms]);
    expect(items).toContainEqual(['Wiz Backup', true]);
    expect(items).toContainEqual(['Wiz Plain', false]);
    expect(items.map((i: string[]) => i[0])).not.toContain('Wiz Addon');
  });

  it('refuses a service list to a caller without PRODUCT_ACCOUNT_CREATE', async () => {
    const res = await op('userCreator', 'GetAvailableServicesForCreate', { parentId: buyer });

    expect(res.status).toBe(403);
  });

  it('[A2.41] needs a user as parent (a company only for a company-level service) and a service, naming the field', async () => {
    const underCompany = await op('admin', 'GetDefaultAccountViewsForCreate', {
      accountType: 'Product',
      parentId: company,
      productName: 'Wiz Personal',
    });
    const noService = await op('admin', 'GetDefaultAccountViewsForCreate', { accountType: 'Product', parentId: buyer });
    const addon = await op('admin', 'GetDefaultAccountViewsForCreate', {
      accountType: 'Product',
      parentId: buyer,
      productName: 'Wiz Addon',
    });

    expect(underCompany.body.errors).toEqual([{ field: 'parentId', message: 'A service can be created under a user' }]);
    expect(noService.body.errors).toEqual([{ field: 'productName', message: 'Choose a service' }]);
    expect(addon.body.errors).toEqual([{ field: 'productName', message: 'Wiz Addon is not a service you can order' }]);
  });

  it("gives the subscription's fields, the service's own fields as a page, and its terms", async () => {
    const res = await op('admin', 'GetDefaultAccountViewsForCreate', {
      accountType: 'Product',
      parentId: buyer,
      productName: 'Wiz Backup',
    });

    expect(res.status).toBe(200);
    expect(res.body.Views.Default.Values).toEqual({ DisplayName: 'Wiz Backup' });
    expect(res.body.Views.Product.Values).toEqual({ Quantity: '1' });
    expect(
      res.body.Views.Service.FieldDefinitions.map((d: { Name: string; DisplayType: string }) => [d.Name, d.DisplayType]),
    ).toEqual([
      ['Plan', 'Select'],
      ['Seats', 'Decimal'],
    ]);
    expect(res.body.Layout.Pages.map((p: { DisplayName: string }) => p.DisplayName)).toEqual(['General', 'Service settings']);
    expect(res.body.Service).toMatchObject({ ServiceName: 'Wiz Backup', HasTerms: true });
    expect(res.body.Terms).toEqual({ Title: 'Terms', Content: 'Be nice.', Revision: 1, Accepted: false, CanAccept: true });
  });

  it('[A5.11] refuses the order until the terms are accepted', async () => {
    const res = await op('admin', 'CreateAccount', {
      accountType: 'Product',
      parentId: buyer,
      productName: 'Wiz Backup',
      views: productViews({ Plan: 'Basic', Seats: '3' }),
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'terms', message: 'Accept the terms and conditions of Wiz Backup first' }]);
  });

  it('[A6.18] accepts terms only with MARKETPLACE_TC_ACCEPT_EXECUTE, for the whole company', async () => {
    const denied = await op('noTerms', 'AcceptTermsAndConditions', { accountId: buyer, productName: 'Wiz Backup' });
    const accepted = await op('admin', 'AcceptTermsAndConditions', { accountId: buyer, productName: 'Wiz Backup' });
    const views = await op('noTerms', 'GetDefaultAccountViewsForCreate', {
      accountType: 'Product',
      parentId: buyer,
      productName: 'Wiz Backup',
    });

    expect(denied.status).toBe(403);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ ProductName: 'Wiz Backup', Revision: 1, Accepted: true });
    expect(views.body.Terms).toMatchObject({ Accepted: true, CanAccept: false });
  });

  it('[A5.7] [A8.8] the bottleneck check names what pricing misses, then gives the review lines', async () => {
    const missing = await op('admin', 'ValidateCreateOrderBottleneck', {
      parentId: buyer,
      productName: 'Wiz Backup',
      views: productViews({ Plan: 'Basic' }),
    });
    const valid = await op('admin', 'ValidateCreateOrderBottleneck', {
      parentId: buyer,
      productName: 'Wiz Backup',
      views: productViews({ Plan: 'Basic', Seats: '3' }),
    });

    expect(missing.body).toMatchObject({ Valid: false, InvalidMessageRef: expect.stringContaining('(Seats)') });
    const tooMany = await op('admin', 'ValidateCreateOrderBottleneck', {
      parentId: buyer,
      productName: 'Wiz Backup',
      views: productViews({ Plan: 'Basic', Seats: '101' }),
    });
    expect(tooMany.body).toMatchObject({ Valid: false, InvalidMessageRef: 'Seats must be at most 100' });
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ Valid: true, InvalidMessageRef: null, Currency: 'EUR', AboveCreditLimit: false });
    expect(valid.body.Lines).toEqual([
      expect.objectContaining({
        Description: 'Seats',
        ChargeType: 'Monthly',
        Units: '3',
        UnitPrice: expect.stringMatching(/^6/),
      }),
    ]);
    expect(Number(valid.body.Monthly)).toBe(18);
  });

  it('[A4.8] creates the subscription, records its order and keeps the service values', async () => {
    const res = await op('admin', 'CreateAccount', {
      accountType: 'Product',
      parentId: buyer,
      productName: 'Wiz Backup',
      views: productViews({ Plan: 'Basic', Seats: '3' }, 'Backup for Bea'),
    });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ AccountType: 'Product', DisplayName: 'Backup for Bea', OrderStatus: 'Completed' });
    const [row] = await t.db.query<{ product_name: string; attributes: Record<string, unknown> }>(
      'SELECT product_name, attributes FROM accounts WHERE id = $1',
      [res.body.AccountId],
    );
    expect(row).toEqual({
      product_name: 'Wiz Backup',
      attributes: { 'Product.Quantity': 1, 'Service.Plan': 'Basic', 'Service.Seats': 3 },
    });
    const orders = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE account_id = $1', [res.body.AccountId]);
    expect(orders).toEqual([{ status: 'Completed' }]);
  });

  it('orders a service without terms at once', async () => {
    const res = await op('noTerms', 'CreateAccount', {
      accountType: 'Product',
      parentId: buyer,
      productName: 'Wiz Plain',
      views: productViews({ Plan: 'Pro', Seats: '1' }, 'Plain one'),
    });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('[A4.10] [A5.8] schedules the CREATE provisioning for a future date and refuses a past or malformed one', async () => {
    const create = (scheduledDate: string, name: string) =>
      op('noTerms', 'CreateAccount', {
        accountType: 'Product',
        parentId: buyer,
        productName: 'Wiz Plain',
        views: productViews({ Plan: 'Basic', Seats: '1' }, name),
        scheduledDate,
      });

    const past = await create('2000-01-01 00:00', 'Past');
    const malformed = await create('2099-02-30 10:00', 'Malformed');
    const future = await create('2099-01-31 08:30', 'Future');

    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual([
      { field: 'scheduledDate', message: 'A scheduled provisioning date cannot be in the past' },
    ]);
    expect(malformed.body.errors).toEqual([{ field: 'scheduledDate', message: 'Enter the date as yyyy-MM-dd HH:mm (UTC)' }]);
    expect(future.status, JSON.stringify(future.body)).toBe(200);
    expect(future.body).toMatchObject({ ScheduledFor: '2099-01-31T08:30:00.000Z', ProvisioningRequestId: expect.any(Number) });
    const [job] = await t.db.query<{ status: string; run_at: Date }>(
      `SELECT r.status, j.run_at FROM provisioning_requests r JOIN jobs j ON j.id = r.job_id WHERE r.id = $1`,
      [future.body.ProvisioningRequestId],
    );
    expect(job).toEqual({ status: 'Pending', run_at: new Date('2099-01-31T08:30:00.000Z') });
  });

  it('provisions at once without a date', async () => {
    const res = await op('noTerms', 'CreateAccount', {
      accountType: 'Product',
      parentId: buyer,
      productName: 'Wiz Plain',
      views: productViews({ Plan: 'Basic', Seats: '1' }, 'Now'),
    });

    expect(res.body).toMatchObject({ ScheduledFor: null, ProvisioningRequestId: expect.any(Number) });
  });

  it('refuses a scheduled date for an account that is not a service', async () => {
    const res = await op('admin', 'CreateAccount', {
      accountType: 'Product',
      parentId: company,
      views: {},
      scheduledDate: '2099-01-31 08:30',
    });

    expect(res.status).toBe(422);
  });

  it('[A2.44] [A9.7] suggests at most 3 other services of the same category', async () => {
    const created = await op('noTerms', 'CreateAccount', {
      accountType: 'Product',
      parentId: buyer,
      productName: 'Wiz Plain',
      views: productViews({ Plan: 'Basic', Seats: '1' }, 'Suggest'),
    });

    const res = await op('noTerms', 'GetSuggestedServices', { productName: 'Wiz Plain', accountId: created.body.AccountId });

    expect(res.status).toBe(200);
    expect(res.body.Items).toHaveLength(3);
    expect(res.body.Items.map((i: { ServiceName: string }) => i.ServiceName)).not.toContain('Wiz Plain');
    expect(res.body.Items.map((i: { ServiceName: string }) => i.ServiceName)).not.toContain('Wiz Mail');
  });
  it('[A4.8] [A8.7] puts the order under review above the company credit limit', async () => {
    const limit = await clients.admin!.edit('AddCreditLimitRecord', {
      accountId: company,
      Limit: '5',
      Comment: 'Low',
      IsLocked: false,
    });
    expect(limit.status).toBe(200);
    const views = productViews({ Plan: 'Basic', Seats: '3' });

    const check = await op('admin', 'ValidateCreateOrderBottleneck', { parentId: buyer, productName: 'Wiz Plain', views });
    const res = await op('admin', 'CreateAccount', { accountType: 'Product', parentId: buyer, productName: 'Wiz Plain', views });

    expect(check.body).toMatchObject({ Valid: true, AboveCreditLimit: true });
    expect(res.status).toBe(200);
    expect(res.body.OrderStatus).toBe('UnderReview');
    expect(res.body.ProvisioningRequestId).toBeNull();
  });
  it('[A2.44] e-mails the user who placed an order under review', async () => {
    const views = productViews({ Plan: 'Basic', Seats: '3' }, 'Reviewed backup');
    const res = await op('admin', 'CreateAccount', { accountType: 'Product', parentId: buyer, productName: 'Wiz Plain', views });

    expect(res.body.OrderStatus).toBe('UnderReview');
    const admin = users.admin!;
    expect(res.body.NoticeSentTo).toBe(`${admin.username}@example.com`);
    const [order] = await t.db.query<{ order_number: string }>('SELECT order_number FROM orders WHERE account_id = $1', [
      res.body.AccountId,
    ]);
    const [mail] = await t.db.query<{ mail_to: string; subject: string; body_text: string }>(
      'SELECT mail_to, subject, body_text FROM mail_outbox WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
      [admin.id],
    );
    expect(mail?.mail_to).toBe(`${admin.username}@example.com`);
    expect(mail?.subject).toBe(`Order ${order?.order_number} is under review`);
    expect(mail?.body_text).toContain('is above the credit limit of Buyer Co, so it is under review.');
  });
  it('[A2.44] says no notice was sent when the user who placed it has no e-mail address', async () => {
    const placer = users.noTerms!;
    await t.db.query('UPDATE accounts SET email = NULL WHERE id = $1', [placer.id]);
    try {
      const views = productViews({ Plan: 'Basic', Seats: '3' }, 'Unnoticed backup');
      const res = await op('noTerms', 'CreateAccount', {
        accountType: 'Product',
        parentId: buyer,
        productName: 'Wiz Plain',
        views,
      });

      expect(res.body.OrderStatus).toBe('UnderReview');
      expect(res.body.NoticeSentTo).toBeNull();
      const mails = await t.db.query('SELECT id FROM mail_outbox WHERE account_id = $1', [placer.id]);
      expect(mails).toHaveLength(0);
    } finally {
      await t.db.query('UPDATE accounts SET email = $2 WHERE id = $1', [placer.id, `${placer.username}@example.com`]);
    }
  });
});
