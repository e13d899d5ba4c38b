-- Decision 0082: a quote never keeps a Password field's value; SaveSalesQuote refuses one and OrderQuote asks for it
-- when the quote is ordered. A value an API client stored before is dropped from the line's fields here (its prices
-- are unchanged: a Password field prices nothing). Fields of a service no longer known are left as they are.
UPDATE quote_revisions r
   SET lines = (
     SELECT jsonb_agg(
              CASE WHEN jsonb_typeof(l -> 'Fields') = 'array' THEN
                jsonb_set(l, '{Fields}', COALESCE((
                  SELECT jsonb_agg(f ORDER BY k)
                    FROM jsonb_array_elements(l -> 'Fields') WITH ORDINALITY AS fv (f, k)
                   WHERE NOT EXISTS (
                     SELECT 1
                       FROM services s
                       CROSS JOIN LATERAL jsonb_array_elements(
                         CASE WHEN jsonb_typeof(s.definition -> 'Fields') = 'array' THEN s.definition -> 'Fields'
                              ELSE '[]'::jsonb END) d
                      WHERE lower(s.service_name) = lower(l ->> 'ProductName')
                        AND d ->> 'Id' = f ->> 'FieldName' AND d ->> 'FieldType' = 'Password')), '[]'::jsonb))
              ELSE l END
              ORDER BY i)
       FROM jsonb_array_elements(r.lines) WITH ORDINALITY AS lv (l, i))
 WHERE jsonb_typeof(r.lines) = 'array'
   AND EXISTS (
     SELECT 1
       FROM jsonb_array_elements(r.lines) l
       CROSS JOIN LATERAL jsonb_array_elements(
         CASE WHEN jsonb_typeof(l -> 'Fields') = 'array' THEN l -> 'Fields' ELSE '[]'::jsonb END) f
       JOIN services s ON lower(s.service_name) = lower(l ->> 'ProductName')
       CROSS JOIN LATERAL jsonb_array_elements(
         CASE WHEN jsonb_typeof(s.definition -> 'Fields') = 'array' THEN s.definition -> 'Fields' ELSE '[]'::jsonb END) d
      WHERE d ->> 'Id' = f ->> 'FieldName' AND d ->> 'FieldType' = 'Password');
