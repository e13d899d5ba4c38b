-- Custom actions offered on accounts [A1.5], as data: their form (fields and flat containers) and
-- for which account types they apply. Execution is code (domains/accounts/custom-actions.service.ts).
CREATE TABLE custom_actions (
  name text PRIMARY KEY,
  display_name text NOT NULL,
  icon text,
  title text NOT NULL,
  account_types text[] NOT NULL,
  needs_confirmation boolean NOT NULL DEFAULT false,
  is_scheduled boolean NOT NULL DEFAULT false,
  fields jsonb NOT NULL,
  containers jsonb NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

-- Values saved for an action that runs later (RENEW), one row per account and action.
CREATE TABLE account_scheduled_actions (
  account_id integer NOT NULL REFERENCES accounts (id),
  action text NOT NULL REFERENCES custom_actions (name),
  values jsonb NOT NULL,
  updated_by integer REFERENCES accounts (id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, action)
);

INSERT INTO custom_actions (name, display_name, icon, title, account_types, needs_confirmation, is_scheduled, fields, containers, sort) VALUES
('RENAME', 'Rename', 'pencil', 'Rename user', '{User}', false, false,
 '[{"Name":"DisplayName","DisplayName":"New display name","DisplayType":"Text","DisplayTemplate":null,"InputMask":null,"AccountViewName":"Action","IsModifyConfirmRequired":false,"IsRequired":true,"IsReadOnly":false,"MaxLength":200,"Pattern":null,"PatternMessage":null,"Options":[]}]',
 '[{"Name":"Name","DisplayName":"Name","State":"Expanded","Fields":[{"View":"Action","Name":"DisplayName"}]}]', 1),
('CHANGE_STATUS', 'Change status', 'toggle', 'Change account status', '{Reseller,Company,Department,User,Product}', true, false,
 '[{"Name":"Status","DisplayName":"New status","DisplayType":"Select","DisplayTemplate":null,"InputMask":null,"AccountViewName":"Action","IsModifyConfirmRequired":true,"IsRequired":true,"IsReadOnly":false,"MaxLength":null,"Pattern":null,"PatternMessage":null,"Options":[{"Value":"Active","DisplayName":"Active"},{"Value":"Suspended","DisplayName":"Suspended"}]},
   {"Name":"Reason","DisplayName":"Reason","DisplayType":"TextArea","DisplayTemplate":null,"InputMask":null,"AccountViewName":"Action","IsModifyConfirmRequired":false,"IsRequired":true,"IsReadOnly":false,"MaxLength":500,"Pattern":null,"PatternMessage":null,"Options":[]}]',
 '[{"Name":"Status","DisplayName":"Status","State":"Expanded","Fields":[{"View":"Action","Name":"Status"},{"View":"Action","Name":"Reason"}]}]', 2),
('RENEW', 'Renew', 'refresh', 'Renewal settings', '{Product}', false, true,
 '[{"Name":"RenewalTerm","DisplayName":"Renewal term","DisplayType":"Select","DisplayTemplate":null,"InputMask":null,"AccountViewName":"Action","IsModifyConfirmRequired":false,"IsRequired":true,"IsReadOnly":false,"MaxLength":null,"Pattern":null,"PatternMessage":null,"Options":[{"Value":"1","DisplayName":"1 month"},{"Value":"12","DisplayName":"12 months"},{"Value":"24","DisplayName":"24 months"},{"Value":"36","DisplayName":"36 months"}]},
   {"Name":"Quantity","DisplayName":"Quantity at renewal","DisplayType":"Number","DisplayTemplate":null,"InputMask":null,"AccountViewName":"Action","IsModifyConfirmRequired":false,"IsRequired":true,"IsReadOnly":false,"MaxLength":6,"Pattern":"^[1-9][0-9]{0,5}$","PatternMessage":"Enter a whole number from 1 to 999999","Options":[]},
   {"Name":"AutoRenew","DisplayName":"Renew automatically","DisplayType":"Checkbox","DisplayTemplate":null,"InputMask":null,"AccountViewName":"Action","IsModifyConfirmRequired":false,"IsRequired":false,"IsReadOnly":false,"MaxLength":null,"Pattern":null,"PatternMessage":null,"Options":[]}]',
 '[{"Name":"Renewal","DisplayName":"Renewal","State":"Expanded","Fields":[{"View":"Action","Name":"RenewalTerm"},{"View":"Action","Name":"Quantity"},{"View":"Action","Name":"AutoRenew"}]}]', 3);
