-- Forced password change at first sign-in (decision 0010, appended): set when a generated first-time password
-- is issued (sent by e-mail, to all users, or exported) or when an administrator sets a password and asks for a
-- change; cleared whenever the user's password is set by anyone else's path (change, reset link, expiry).
ALTER TABLE user_credentials ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

-- Users still holding the first-time password they were issued before this column existed.
UPDATE user_credentials c SET must_change_password = true
FROM first_time_passwords f
WHERE f.account_id = c.account_id AND c.password_changed_at <= f.issued_at;

-- [A1.5], [A6.19] The built-in "reset password" custom action of User accounts (decision 0015-acct-reset-password-action): either
-- e-mail a single-use reset link (the password-reset flow) or set a new password meeting [M5.1].
INSERT INTO custom_actions (name, display_name, icon, title, account_types, needs_confirmation, is_scheduled, fields, containers, sort) VALUES
('RESET_PASSWORD', 'Reset password', 'key', 'Reset password', '{User}', true, false,
 '[{"Name":"Username","DisplayName":"Username","DisplayType":"Text","DisplayTemplate":null,"InputMask":null,"AccountViewName":"Action","IsModifyConfirmRequired":false,"IsRequired":false,"IsReadOnly":true,"MaxLength":200,"Pattern":null,"PatternMessage":null,"Options":[]},
   {"Name":"Method","DisplayName":"How to reset","DisplayType":"Select","DisplayTemplate":null,"InputMask":null,"AccountViewName":"Action","IsModifyConfirmRequired":true,"IsRequired":true,"IsReadOnly":false,"MaxLength":null,"Pattern":null,"PatternMessage":null,"Options":[{"Value":"SEND_LINK","DisplayName":"E-mail a password reset link to the user"},{"Value":"SET_PASSWORD","DisplayName":"Set a new password now"}]},
   {"Name":"NewPassword","DisplayName":"New password","DisplayType":"Password","DisplayTemplate":null,"InputMask":null,"AccountViewName":"Action","IsModifyConfirmRequired":false,"IsRequired":false,"IsReadOnly":false,"MaxLength":200,"Pattern":null,"PatternMessage":null,"Options":[]},
   {"Name":"PasswordConfirmation","DisplayName":"Confirm new password","DisplayType":"Password","DisplayTemplate":null,"InputMask":null,"AccountViewName":"Action","IsModifyConfirmRequired":false,"IsRequired":false,"IsReadOnly":false,"MaxLength":200,"Pattern":null,"PatternMessage":null,"Options":[]},
   {"Name":"ChangeAtNextSignIn","DisplayName":"Ask the user to choose a new password at the next sign-in","DisplayType":"Checkbox","DisplayTemplate":null,"InputMask":null,"AccountViewName":"Action","IsModifyConfirmRequired":false,"IsRequired":false,"IsReadOnly":false,"MaxLength":null,"Pattern":null,"PatternMessage":null,"Options":[]}]',
 '[{"Name":"Reset","DisplayName":"Reset","State":"Expanded","Fields":[{"View":"Action","Name":"Username"},{"View":"Action","Name":"Method"}]},
   {"Name":"NewPassword","DisplayName":"New password","State":"Expanded","Fields":[{"View":"Action","Name":"NewPassword"},{"View":"Action","Name":"PasswordConfirmation"},{"View":"Action","Name":"ChangeAtNextSignIn"}]}]', 2);
