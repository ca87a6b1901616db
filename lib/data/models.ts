import "server-only";
import { cachedRpc } from "./rpc";
import type { EquipmentModel, PopularModel } from "../models/types";

export const getEquipmentList = () => cachedRpc<EquipmentModel[]>("equipment_list");
export const getEquipment = (modelSlug: string) => cachedRpc<EquipmentModel | null>("equipment_by_slug", { p_model_slug: modelSlug });
export const getPopularModels = () => cachedRpc<PopularModel[]>("popular_models");
