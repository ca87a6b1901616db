import { getAreaMap } from "@/lib/maps/data";
import { AreaMap } from "./area-map";
import { DeliveryCheck } from "./delivery-check";

/**
 * A listing's "Where it delivers": its yard and the places of the ZIP codes it serves on a map,
 * the same places as a list, and "Does it deliver to my ZIP?".
 */
export async function VendorArea({ vendor, state, city }: { vendor: { id: number; name: string }; state: string; city: string }) {
  const area = await getAreaMap(state, city, [vendor.id]).catch(() => null);
  const drawn = area?.vendors[0];
  return (
    <section className="mt-8" aria-labelledby="vendor-area-heading">
      <h2 id="vendor-area-heading" className="text-2xl font-bold">
        Where {vendor.name} delivers
      </h2>
      {drawn && (
        <>
          <AreaMap
            center={{ name: area.city?.name ?? "", lat: drawn.lat, lng: drawn.lng }}
            vendors={[drawn]}
            testId="vendor-map"
            label={`Map of ${vendor.name}'s yard and the ${drawn.places.length} places whose ZIP codes it serves; they are listed below.`}
          />
          {drawn.places.length > 0 && (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer font-semibold">
                The {drawn.places.length} place{drawn.places.length === 1 ? "" : "s"} it serves
              </summary>
              <ul className="mt-2 columns-2 gap-4 sm:columns-3">
                {drawn.places.map((place) => (
                  <li key={place.name}>
                    {place.name}{" "}
                    <span className="text-ink-600">
                      ({place.zips} ZIP code{place.zips === 1 ? "" : "s"})
                    </span>
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
      <DeliveryCheck vendorId={vendor.id} vendorName={vendor.name} />
    </section>
  );
}
