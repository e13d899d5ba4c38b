-- Default field definitions and layouts for every account type. Later features add their own
-- fields and pages as data through the same tables.
INSERT INTO field_definitions
  (account_type, view_name, name, display_name, display_type, display_template, input_mask,
   is_modify_confirm_required, is_required, is_read_only, max_length, pattern, pattern_message, options, sort)
SELECT t.account_type, f.view_name, f.name, f.display_name, f.display_type, f.display_template, f.input_mask,
       f.is_modify_confirm_required, f.is_required, f.is_read_only, f.max_length, f.pattern, f.pattern_message,
       f.options::jsonb, f.sort
FROM (VALUES ('Provider'), ('Reseller'), ('Company'), ('Department'), ('User'), ('Product')) AS t (account_type)
CROSS JOIN (VALUES
  ('Default', 'AccountIdentificator', 'Account ID', 'Number', NULL, NULL, false, false, true, NULL, NULL, NULL, '[]', 1),
  ('Default', 'AccountType', 'Account type', 'Text', NULL, NULL, false, false, true, NULL, NULL, NULL, '[]', 2),
  ('Default', 'AccountState', 'State', 'Text', NULL, NULL, false, false, true, NULL, NULL, NULL, '[]', 3),
  ('Default', 'ParentAccountId', 'Parent account ID', 'Number', NULL, NULL, false, false, true, NULL, NULL, NULL, '[]', 4),
  ('Default', 'DisplayName', 'Display name', 'Text', NULL, NULL, false, true, false, 200, NULL, NULL, '[]', 5)
) AS f (view_name, name, display_name, display_type, display_template, input_mask, is_modify_confirm_required,
        is_required, is_read_only, max_length, pattern, pattern_message, options, sort);

INSERT INTO field_definitions
  (account_type, view_name, name, display_name, display_type, display_template, input_mask,
   is_modify_confirm_required, is_required, is_read_only, max_length, pattern, pattern_message, options, sort)
VALUES
  ('User', 'Default', 'Username', 'Username', 'Text', NULL, NULL, true, true, false, 100,
   '^[A-Za-z0-9._@-]+$', 'Use letters, digits, dots, dashes, underscores or @ only', '[]', 6),
  ('User', 'User', 'Email', 'E-mail', 'Email', NULL, NULL, true, true, false, 254, NULL, NULL, '[]', 10),
  ('User', 'User', 'FirstName', 'First name', 'Text', NULL, NULL, false, true, false, 100, NULL, NULL, '[]', 11),
  ('User', 'User', 'LastName', 'Last name', 'Text', NULL, NULL, false, true, false, 100, NULL, NULL, '[]', 12),
  ('User', 'User', 'Phone', 'Phone', 'Phone', NULL, '+99 999 999 9999', false, false, false, 30,
   '^\+?[0-9 ()-]{6,30}$', 'Enter a phone number such as +31 20 123 4567', '[]', 13),
  ('User', 'User', 'JobTitle', 'Job title', 'Text', NULL, NULL, false, false, false, 100, NULL, NULL, '[]', 14),
  ('User', 'User', 'Language', 'Language', 'Select', NULL, NULL, false, false, false, NULL, NULL, NULL,
   '[{"Value":"en","DisplayName":"English"},{"Value":"nl","DisplayName":"Dutch"},{"Value":"de","DisplayName":"German"},{"Value":"fr","DisplayName":"French"}]', 15),
  ('Product', 'Product', 'ProductName', 'Product', 'Text', NULL, NULL, false, false, true, NULL, NULL, NULL, '[]', 10),
  ('Product', 'Product', 'Quantity', 'Quantity', 'Number', NULL, NULL, false, true, false, NULL, '^[0-9]{1,6}$', 'Enter a whole number from 0 to 999999', '[]', 11),
  ('Department', 'Department', 'CostCenter', 'Cost center', 'Text', NULL, 'AA-9999', false, false, false, 20,
   '^[A-Z]{2}-[0-9]{4}$', 'Use two capital letters, a dash and four digits, e.g. FI-1001', '[]', 10);

INSERT INTO field_definitions
  (account_type, view_name, name, display_name, display_type, display_template, input_mask,
   is_modify_confirm_required, is_required, is_read_only, max_length, pattern, pattern_message, options, sort)
SELECT t.account_type, f.*
FROM (VALUES ('Provider'), ('Reseller'), ('Company')) AS t (account_type)
CROSS JOIN (VALUES
  ('Company', 'Currency', 'Currency', 'Select', NULL, NULL, true, true, false, NULL::integer, NULL, NULL,
   '[{"Value":"EUR","DisplayName":"Euro (EUR)"},{"Value":"USD","DisplayName":"US dollar (USD)"},{"Value":"GBP","DisplayName":"Pound sterling (GBP)"}]'::jsonb, 10),
  ('Company', 'VatNumber', 'VAT number', 'Text', NULL, NULL, false, false, false, 20,
   '^[A-Z]{2}[A-Z0-9]{2,18}$', 'Enter the VAT number with its country prefix, e.g. NL123456789B01', '[]'::jsonb, 11),
  ('Company', 'Phone', 'Phone', 'Phone', NULL, '+99 999 999 9999', false, false, false, 30,
   '^\+?[0-9 ()-]{6,30}$', 'Enter a phone number such as +31 20 123 4567', '[]'::jsonb, 12),
  ('Company', 'Address', 'Address', 'TextArea', NULL, NULL, false, false, false, 500, NULL, NULL, '[]'::jsonb, 13),
  ('Company', 'City', 'City', 'Text', NULL, NULL, false, false, false, 100, NULL, NULL, '[]'::jsonb, 14),
  ('Company', 'Country', 'Country', 'Select', NULL, NULL, false, false, false, NULL, NULL, NULL,
   '[{"Value":"NL","DisplayName":"Netherlands"},{"Value":"DE","DisplayName":"Germany"},{"Value":"BE","DisplayName":"Belgium"},{"Value":"FR","DisplayName":"France"},{"Value":"GB","DisplayName":"United Kingdom"},{"Value":"US","DisplayName":"United States"}]'::jsonb, 15),
  ('Company', 'InternalReference', 'Internal reference', 'Text', NULL, NULL, false, false, false, 50, NULL, NULL, '[]'::jsonb, 16)
) AS f;

INSERT INTO account_layouts (account_type, pages) VALUES
('Provider', '[{"Name":"General","DisplayName":"General","Containers":[
  {"Name":"Identity","DisplayName":"Identity","State":"Expanded","Fields":[{"View":"Default","Name":"DisplayName"},{"View":"Default","Name":"AccountIdentificator"},{"View":"Default","Name":"AccountState"}]},
  {"Name":"Contact","DisplayName":"Contact","State":"Expanded","Fields":[{"View":"Company","Name":"Phone"},{"View":"Company","Name":"Address"},{"View":"Company","Name":"City"},{"View":"Company","Name":"Country"}]}]}]'),
('Reseller', '[{"Name":"General","DisplayName":"General","Containers":[
  {"Name":"Identity","DisplayName":"Reseller details","State":"Expanded","Fields":[{"View":"Default","Name":"DisplayName"},{"View":"Default","Name":"AccountIdentificator"},{"View":"Default","Name":"AccountState"},{"View":"Company","Name":"Currency"}]},
  {"Name":"Contact","DisplayName":"Contact","State":"Expanded","Fields":[{"View":"Company","Name":"Phone"},{"View":"Company","Name":"Address"},{"View":"Company","Name":"City"},{"View":"Company","Name":"Country"}]}]},
 {"Name":"Finance","DisplayName":"Finance","Containers":[
  {"Name":"Tax","DisplayName":"Tax","State":"Expanded","Fields":[{"View":"Company","Name":"VatNumber"}]},
  {"Name":"Internal","DisplayName":"Internal","State":"Collapsed","Fields":[{"View":"Company","Name":"InternalReference"}]}]}]'),
('Company', '[{"Name":"General","DisplayName":"General","Containers":[
  {"Name":"Identity","DisplayName":"Company details","State":"Expanded","Fields":[{"View":"Default","Name":"DisplayName"},{"View":"Default","Name":"AccountIdentificator"},{"View":"Default","Name":"AccountState"},{"View":"Company","Name":"Currency"}]},
  {"Name":"Contact","DisplayName":"Contact","State":"Expanded","Fields":[{"View":"Company","Name":"Phone"},{"View":"Company","Name":"Address"},{"View":"Company","Name":"City"},{"View":"Company","Name":"Country"}]}]},
 {"Name":"Finance","DisplayName":"Finance","Containers":[
  {"Name":"Tax","DisplayName":"Tax","State":"Expanded","Fields":[{"View":"Company","Name":"VatNumber"}]},
  {"Name":"Internal","DisplayName":"Internal","State":"Collapsed","Fields":[{"View":"Company","Name":"InternalReference"}]},
  {"Name":"System","DisplayName":"System","State":"Hidden","Fields":[{"View":"Default","Name":"ParentAccountId"}]}]}]'),
('Department', '[{"Name":"General","DisplayName":"General","Containers":[
  {"Name":"Identity","DisplayName":"Department details","State":"Expanded","Fields":[{"View":"Default","Name":"DisplayName"},{"View":"Default","Name":"AccountIdentificator"},{"View":"Default","Name":"AccountState"},{"View":"Department","Name":"CostCenter"}]}]}]'),
('User', '[{"Name":"General","DisplayName":"General","Containers":[
  {"Name":"Person","DisplayName":"Person","State":"Expanded","Fields":[{"View":"User","Name":"FirstName"},{"View":"User","Name":"LastName"},{"View":"Default","Name":"DisplayName"},{"View":"User","Name":"JobTitle"}]},
  {"Name":"SignIn","DisplayName":"Sign-in","State":"Expanded","Fields":[{"View":"Default","Name":"Username"},{"View":"User","Name":"Email"},{"View":"Default","Name":"AccountState"}]}]},
 {"Name":"Contact","DisplayName":"Contact","Containers":[
  {"Name":"Phone","DisplayName":"Phone and language","State":"Expanded","Fields":[{"View":"User","Name":"Phone"},{"View":"User","Name":"Language"}]}]}]'),
('Product', '[{"Name":"General","DisplayName":"General","Containers":[
  {"Name":"Subscription","DisplayName":"Subscription","State":"Expanded","Fields":[{"View":"Product","Name":"ProductName"},{"View":"Default","Name":"DisplayName"},{"View":"Default","Name":"AccountState"},{"View":"Product","Name":"Quantity"}]}]}]');
