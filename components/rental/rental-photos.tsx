import { photoAddresses } from "@/lib/storage/photos";

/** A record's photos, through short-lived signed addresses, for a page shown only to those allowed to see them. */
export async function RentalPhotos({ paths, label }: { paths: string[]; label: string }) {
  if (paths.length === 0) return null;
  const addresses = await photoAddresses(paths);
  return (
    <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={label} data-testid="rental-photos">
      {addresses.map((src, index) => (
        <li key={paths[index]}>
          <a href={src} target="_blank" rel="noreferrer">
            {/* Signed, short-lived addresses of private photos: not for the image optimizer's cache. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={src} alt={`${label} ${index + 1}`} loading="lazy" className="aspect-square w-full rounded-md object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}
