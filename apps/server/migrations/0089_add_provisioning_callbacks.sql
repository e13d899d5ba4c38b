-- Vendor callbacks of provisioning requests (domains/provisioning; docs/decisions/0018, addendum).
-- Each send renders CALLBACKURL with a new random token; only its SHA-256 (hex) is kept, so a database
-- request row is not enough to report on a vendor's behalf (an e-mail action's message in the outbox does
-- carry the link, as it must), and a new send makes older callback links stop working.
ALTER TABLE provisioning_requests
  ADD COLUMN callback_hash text,
  -- When the vendor last reported back, and what it said (kept for the Provisioning tab and support).
  ADD COLUMN reported_at timestamptz,
  ADD COLUMN vendor_message text;
