import { Button } from "@/components/ui/button";
import { FormField, inputClass } from "@/components/ui/form-field";

/** What a listing form edits (lib/listings/listing-form.ts parses what it posts). */
export interface EditableListing {
  name: string;
  site: string | null;
  phone: string | null;
  email: string | null;
  street: string | null;
  hours: string | null;
  photo: string | null;
  description: string | null;
  service_zips: string[];
}

type Field = "name" | "site" | "phone" | "email" | "street" | "hours" | "photo";
const INPUTS: Array<[Field, string]> = [
  ["name", "text"],
  ["site", "text"],
  ["phone", "tel"],
  ["email", "email"],
  ["street", "text"],
  ["hours", "text"],
  ["photo", "url"],
];

// The business is told which changes wait for our team; the operator's own edits apply at once.
const WORDS = {
  business: {
    name: "Business name (checked by our team)",
    site: "Website (checked by our team)",
    phone: "Phone",
    email: "Email for rental requests",
    street: "Street address",
    hours: "Opening hours, e.g. Mon-Fri 7am-5pm, Sat 8am-12pm (a booking's delivery window is due within 4 of them)",
    photo: "Photo URL (https://)",
    description: "Description",
    service_zips: "ZIP codes you serve (separated by spaces)",
    save: "Save changes",
  },
  operator: {
    name: "Name",
    site: "Website",
    phone: "Phone",
    email: "Email for rental requests",
    street: "Street",
    hours: "Opening hours",
    photo: "Photo URL (https://)",
    description: "Description",
    service_zips: "Service ZIP codes (separated by spaces or commas)",
    save: "Save",
  },
} as const;

const area = "rounded-md border border-ink-200 bg-white px-3 py-2";

/** A listing's editable fields, one form for the business's dashboard and the operator's console. */
export function ListingForm({
  audience,
  action,
  listing,
  hidden,
  idPrefix,
}: {
  audience: keyof typeof WORDS;
  action: (form: FormData) => Promise<void>;
  listing: EditableListing;
  hidden: Record<string, string | number>;
  idPrefix: string;
}) {
  const words = WORDS[audience];
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form action={action} className="mt-4 grid max-w-3xl gap-4 sm:grid-cols-2">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {INPUTS.map(([key, type]) => (
        <FormField key={key} id={id(key)} label={words[key]}>
          <input id={id(key)} name={key} type={type} defaultValue={listing[key] ?? ""} className={inputClass} />
        </FormField>
      ))}
      <div className="sm:col-span-2">
        <FormField id={id("description")} label={words.description}>
          <textarea id={id("description")} name="description" rows={5} defaultValue={listing.description ?? ""} className={area} />
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <FormField id={id("service_zips")} label={words.service_zips}>
          <textarea id={id("service_zips")} name="service_zips" rows={3} defaultValue={listing.service_zips.join(" ")} className={area} />
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit">{words.save}</Button>
      </div>
    </form>
  );
}
