-- Decision 0056, update 2026-11-28: Price List Margins converts the purchase price of a fee in another currency than
-- its vendor's at the provider's month-end rates; its description says so.
UPDATE reports
   SET description = 'Per price list, service and fee: the selling price, the purchase price and the margin. A fee in '
                  || 'another currency than its vendor''s is compared with the purchase price converted at the '
                  || 'provider''s month-end rates.'
 WHERE id = '5e7a0000-0000-4000-8000-000000000007';
