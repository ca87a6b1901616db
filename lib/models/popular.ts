import { splitFieldName } from "./catalogue";
import type { PopularModel } from "./types";

/** Every model's other fields: the labels once, and each model's values in the same order. */
export interface ModelSpecs {
  labels: string[];
  models: Record<string, { title: string; values: string[] }>;
}

/** The attribute a server-rendered Read More button carries: the key of its model in `ModelSpecs.models`. */
export const SPECS_KEY_ATTRIBUTE = "data-specs-key";

/** The fields a popular model's card shows; Read More lists all the others. */
const CARD_FIELDS = new Set(["Model", "Manufacturer", "Image URL", "Operating Capacity (lbs)", "Length w/Bucket (in)", "id"]);

export const popularModelTitle = (model: PopularModel) => `${model.Manufacturer} ${model.Model}`;

/** The Read More dialog's data for a page of models, with each field name split into words. */
export function popularModelSpecs(models: PopularModel[]): ModelSpecs {
  const otherFields = (model: PopularModel) => Object.entries(model).filter(([key]) => !CARD_FIELDS.has(key));
  return {
    labels: models.length > 0 ? otherFields(models[0]).map(([key]) => splitFieldName(key)) : [],
    models: Object.fromEntries(
      models.map((model) => [
        String(model.id),
        {
          title: popularModelTitle(model),
          values: otherFields(model).map(([, value]) => (value === null ? "N/A" : String(value))),
        },
      ]),
    ),
  };
}
