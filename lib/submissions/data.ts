import "server-only";
import { rpcAllRows, serviceRpc } from "../data/rpc";
import { namedPlaceSchema } from "../directory/types";
import type { BusinessActionValues } from "./schema";

/** Queues a business's submission for the operator; its id. */
export const submitVendor = (v: BusinessActionValues, clientKey: string) =>
  serviceRpc("submit_vendor", {
    p_name: v.name,
    p_site: v.website,
    p_phone: v.phone,
    p_address: v.address,
    p_state: v.state,
    p_city: v.city,
    p_zipcode: v.zipcode,
    p_client_key: clientKey,
    p_email: v.email || null,
  });

/** Cities of a US state, by name, for the form's city choice. */
export const stateCities = (stateSlug: string) => rpcAllRows("state_cities", { p_state_slug: stateSlug }, { row: namedPlaceSchema });
