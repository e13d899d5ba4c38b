-- Sales quotes (decision 0050): each revision keeps the charge summary of its lines as they were priced at its save
-- (ChargeSummary of the contract: setup, monthly, the prepaid months asked in advance, the first invoice), so
-- LoadSalesQuote and LoadQuote answer the revision's charges without pricing it again. Null when a line had no
-- price, and for revisions saved before this column (their lines keep their prices; no summary is guessed).
ALTER TABLE quote_revisions ADD COLUMN charges jsonb;
