import { Tooltip } from "@/components/ui/tooltip";
import { glossary } from "@/lib/models/glossary";
import type { EquipmentModel } from "@/lib/models/types";

/**
 * The model's drawing in a fixed 4:3 frame, with its sticker badge. A drawing at the top of
 * a page (`priority`) loads at once and first: it is usually the page's largest paint.
 */
export function ModelImage({
  model,
  priority = false,
}: {
  model: Pick<EquipmentModel, "name" | "image_url" | "sticker" | "equipment_manufacturer">;
  priority?: boolean;
}) {
  return (
    <div className="card-frame">
      {model.image_url && (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={model.image_url}
          alt={`${model.equipment_manufacturer?.name ?? ""} ${model.name}`.trim()}
          width={400}
          height={300}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
        />
      )}
      {model.sticker && (
        <Tooltip content={glossary.sticker} className="absolute left-3 top-3">
          <button type="button" className="rounded-full bg-brand-500 px-3 py-1 text-xs font-bold text-ink-900 shadow">
            {model.sticker}
          </button>
        </Tooltip>
      )}
    </div>
  );
}
