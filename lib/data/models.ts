import "server-only";
import { cache } from "react";
import { isSlug } from "../slug";
import { cachedRpc, rpc } from "./rpc";
import type { EquipmentModel, PopularModel } from "../models/types";

export const getEquipmentList = () => cachedRpc<EquipmentModel[]>("equipment_list");
/** One model by slug; not cached on its own (the page is), so unknown slugs leave nothing behind. */
export const getEquipment = cache(async (modelSlug: string) =>
  isSlug(modelSlug) ? rpc<EquipmentModel | null>("equipment_by_slug", { p_model_slug: modelSlug }) : null);
export const getPopularModels = () => cachedRpc<PopularModel[]>("popular_models");
