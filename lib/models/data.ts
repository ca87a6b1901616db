import "server-only";
import { cache } from "react";
import { isSlug } from "../slug";
import { CACHE_TAGS } from "../data/cache-tags";
import { cachedRpc, rpc } from "../data/rpc";
import { equipmentModelSchema } from "./types";
import { z } from "zod";

export const getEquipmentList = () => cachedRpc(CACHE_TAGS.catalogue, "equipment_list", {}, z.array(equipmentModelSchema));
/** One model by slug; not cached on its own (the page is), so unknown slugs leave nothing behind. */
export const getEquipment = cache(async (modelSlug: string) =>
  isSlug(modelSlug) ? rpc("equipment_by_slug", { p_model_slug: modelSlug }, equipmentModelSchema.nullable()) : null,
);
export const getPopularModels = () => cachedRpc(CACHE_TAGS.catalogue, "popular_models", {});
