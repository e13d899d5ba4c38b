-- [A1.5], [A2.8] The built-in "upgrade" custom action of Product accounts (docs/decisions/0025-upgrade-subscription.md):
-- it opens the upgrade screen (/v/#/upgrade-subscription/{accountId}) rather than the action form; the screen runs
-- it with the chosen service in ServiceName, confirmed. The work is in domains/subscriptions.
INSERT INTO custom_actions (name, display_name, icon, title, account_types, needs_confirmation, is_scheduled, fields, containers, sort) VALUES
('UPGRADE', 'Upgrade', 'arrow-up', 'Upgrade subscription', '{Product}', true, false,
 '[{"Name":"ServiceName","DisplayName":"Upgrade to","DisplayType":"Text","DisplayTemplate":null,"InputMask":null,"AccountViewName":"Action","IsModifyConfirmRequired":true,"IsRequired":true,"IsReadOnly":false,"MaxLength":200,"Pattern":null,"PatternMessage":null,"Options":[]}]',
 '[{"Name":"Upgrade","DisplayName":"Upgrade","State":"Expanded","Fields":[{"View":"Action","Name":"ServiceName"}]}]', 5);
