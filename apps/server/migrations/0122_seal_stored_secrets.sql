-- Secrets at rest (decision 0035). Credentials in e-mails are kept only sealed until the mail job hands
-- the message to SMTP: body_text is the redacted copy the Outbox shows, sealed_text the full text
-- (AES-256-GCM, see platform/secrets), wiped once the message is delivered, kept or given up.
ALTER TABLE mail_outbox ADD COLUMN sealed_text text;

-- Messages still waiting keep their full text for the sender; the server seals it at start-up
-- (resealStoredSecrets), as it seals identity providers' client secrets still stored in clear.
UPDATE mail_outbox SET sealed_text = json_build_object('text', body_text, 'html', body_html)::text WHERE status = 'queued';

-- Every stored copy loses the first-time passwords and reset links it held.
UPDATE mail_outbox
SET body_text = regexp_replace(
  regexp_replace(body_text, 'First-time password: \S+', 'First-time password: [removed]', 'g'),
  '(/reset-password/[^/\s]+/)\S+', '\1[removed]', 'g')
WHERE body_text ~ 'First-time password: |/reset-password/';
