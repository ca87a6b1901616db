/**
 * complete_lead's consent argument, naming every vendor the request is routed to in the site's
 * own sentence (from the same route the dialog reads); `zip`, `vendor` (the page's
 * listing) and `widen` are SQL expressions.
 */
export const routedConsent = (zip: string, { vendor = "null", widen = "false" } = {}) =>
  `p_consent => (select jsonb_build_object('page', '/test', 'text', private.consent_text(array(select e->>'name'
     from jsonb_array_elements(public.lead_route_rates(${zip}, ${vendor}, ${widen})) e))))`;
