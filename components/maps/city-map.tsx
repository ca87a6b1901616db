import { getAreaMap } from "@/lib/maps/data";
import { AreaMap } from "./area-map";

/** A city's map under its list: the city, the yards of the vendors listed and the areas they serve. */
export async function CityMap({ state, city, place, vendorIds }: { state: string; city: string; place: string; vendorIds: number[] }) {
  const area = await getAreaMap(state, city, vendorIds).catch(() => null);
  if (!area?.city || area.vendors.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="city-map-heading">
      <h2 id="city-map-heading" className="text-2xl font-bold">
        Where these vendors are
      </h2>
      <AreaMap
        center={area.city}
        vendors={area.vendors}
        testId="city-map"
        label={`Map of ${place}: the yards of the ${area.vendors.length} vendors listed above, and the areas of the ZIP codes they serve.`}
      />
    </section>
  );
}
