import { BUSY_MANAGER_EMAIL, PAGE, type Call } from "./types";

/** The reads pages, the console, /business and the reporting API make. */
export const READS: Call[] = [
  {
    name: "console requests, first page (operator_lead_page)",
    fn: "operator_lead_page",
    sql: "select public.operator_lead_page('{}', $1)",
    params: () => [PAGE],
  },
  {
    name: "console requests, page 401",
    fn: "operator_lead_page",
    sql: "select public.operator_lead_page('{}', $1, $2)",
    params: (s) => [PAGE, s.page401After],
  },
  {
    name: "console requests of one vendor",
    fn: "operator_lead_page",
    sql: "select public.operator_lead_page(jsonb_build_object('vendor', $1::text), $2)",
    params: (s) => [s.busyVendor, PAGE],
  },
  {
    name: "console requests of one state",
    fn: "operator_lead_page",
    sql: "select public.operator_lead_page(jsonb_build_object('state', $1::text), $2)",
    params: (s) => [s.biggestState, PAGE],
  },
  {
    name: "/business, busiest listing (business_leads)",
    fn: "business_leads",
    sql: "select public.business_leads($1, $2)",
    params: () => [BUSY_MANAGER_EMAIL, PAGE],
  },
  {
    name: "reporting API, 5th call of 1,000 (operator_leads)",
    fn: "operator_leads",
    sql: "select count(*) from public.operator_leads(1000, $1)",
    params: (s) => [s.report5After],
  },
  {
    name: "console vendor search (operator_vendor_page)",
    fn: "operator_vendor_page",
    sql: "select public.operator_vendor_page('rentals', $1)",
    params: () => [PAGE],
  },
  {
    name: "console vendor search, few matches",
    fn: "operator_vendor_page",
    sql: "select public.operator_vendor_page('rentals 4242', $1)",
    params: () => [PAGE],
  },
  {
    name: "last page of the sitemap paths (sitemap_paths)",
    fn: "sitemap_paths",
    sql: "select count(*) from public.sitemap_paths($1, $2, 1000)",
    params: (s) => [s.sitemapLastAfter?.kind ?? null, s.sitemapLastAfter?.key ?? null],
  },
  { fn: "country_page", name: "country page (country_page)", sql: "select public.country_page('us')", params: () => [] },
  { fn: "state_page", name: "biggest state page (state_page)", sql: "select public.state_page('us', $1)", params: (s) => [s.biggestState] },
];
