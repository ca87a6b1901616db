import "server-only";
import { cache } from "react";
import { isSlug } from "../slug";
import { CACHE_TAGS } from "../data/cache-tags";
import { cachedRpc, rpc } from "../data/rpc";
import type { EquipmentModel, PopularModel } from "./types";

export const getEquipmentList = () => cachedRpc<EquipmentModel[]>(CACHE_TAGS.catalogue, "equipment_list");
/** One model by slug; not cached on its own (the page is), so unknown slugs leave nothing behind. */
export const getEquipment = cache(async (modelSlug: string) =>
  isSlug(modelSlug) ? rpc<EquipmentModel | null>("equipment_by_slug", { p_model_slug: modelSlug }) : null,
);
export const getPopularModels = () => cachedRpc<PopularModel[]>(CACHE_TAGS.catalogue, "popular_models");
