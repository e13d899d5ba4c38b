-- Scheduled terminations still to carry out, found by the sweeper without scanning all accounts.
CREATE INDEX accounts_due_termination_idx ON accounts (termination_date) WHERE termination_date IS NOT NULL AND state <> 'Terminated';
