import { Link } from "@/components/ui/link";
import { formatNumber, modelPath } from "@/lib/models/catalogue";
import type { EquipmentModel } from "@/lib/models/types";
import { ModelImage } from "./model-image";

export function ModelCard({ model, priority = false }: { model: EquipmentModel; priority?: boolean }) {
  return (
    <article className="card card-lazy">
      <ModelImage model={model} priority={priority} />
      <div className="card-body">
        <h3 className="card-title">{model.name}</h3>
        <p className="card-muted">{model.equipment_manufacturer?.name ?? "Other"}</p>
        <p className="text-sm">
          Operating Capacity: <strong>{formatNumber(model.operating_capacity, "lbs")}</strong>
        </p>
        <p className="card-muted">{model.equipment_type?.name}</p>
        <Link href={modelPath(model)} className="card-link mt-auto pt-2">
          View Details
          <span className="sr-only">
            {" "}
            for {model.equipment_manufacturer?.name} {model.name}
          </span>
        </Link>
      </div>
    </article>
  );
}
