-- Decision 0079: a subscription's own service fields on its page. The account page's statement reads which service
-- and service version the subscription is of (id, version, updated_at: the server keeps each version's fields) through
-- this function, called only for a Product (decision 0067: planned only when called). The body is
-- `extensionFunctionBody` of SUBSCRIPTION_FIELDS_SQL (domains/account-creation): account-extension-functions.test.ts
-- fails when the two differ.

CREATE FUNCTION subscription_page_service_fields(integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN RETURN (SELECT (CASE WHEN a.account_type = 'Product' AND a.product_name IS NOT NULL THEN (
    SELECT jsonb_build_array(s.id, s.version, s.updated_at) FROM services s WHERE lower(s.service_name) = lower(a.product_name)) END) FROM accounts a WHERE a.id = $1); END
$$;
