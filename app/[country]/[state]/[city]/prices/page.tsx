import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { redirect } from "next/navigation";
import { Breadcrumbs } from "@/components/directory/breadcrumbs";
import { JsonLd } from "@/components/json-ld";
import { priceOffers } from "@/lib/json-ld/builders";
import { CityMap } from "@/components/maps/city-map";
import { EstimateBreakdown } from "@/components/prices/estimate-breakdown";
import { SampleNote } from "@/components/prices/sample-note";
import { RequestButton } from "@/components/rental/request-button";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form-field";
import { getCityPrices, getCityZip } from "@/lib/listings/data";
import { vendorPath } from "@/lib/listings/ordering";
import { CLASS_NAMES, MACHINE_CLASSES } from "@/lib/prices/classes";
import { compareEstimates, MAX_PRICE_DAYS, readPriceQuery } from "@/lib/listings/price-comparison";
import { confirmedLine, usd } from "@/lib/prices/format";
import { pageMetadata, placeCrumbs } from "@/lib/seo";

type Props = {
  params: Promise<{ country: string; state: string; city: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

async function load({ params, searchParams }: Props) {
  const { country, state, city } = await params;
  const query = readPriceQuery(await searchParams);
  const zip = query.zip ?? (await getCityZip(state, city).catch(() => null)) ?? "";
  const data = await getCityPrices(country, state, city, zip, query.machineClass, query.days);
  if (!data) redirect(`/${country}/${state}`);
  return { data, query, zip, base: `/${data.country.slug}/${data.state.slug}/${data.city.slug}` };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { data, base } = await load(props);
  return pageMetadata({
    title: `Skid Steer Rental Prices in ${data.city.name}, ${data.state.code}`,
    description: `Estimated all-in totals (rental, delivery, damage waiver and fees) from the skid steer rental vendors serving ${data.city.name}, ${data.state.name}, before you call.`,
    path: `${base}/prices`,
  });
}

export default async function CityPricesPage(props: Props) {
  const { data, query, zip, base } = await load(props);
  const priced = compareEstimates(data, query);
  const className = CLASS_NAMES[query.machineClass].name;
  return (
    <>
      <Breadcrumbs crumbs={[...placeCrumbs(data.country, data.state, data.city), { name: "Prices", path: `${base}/prices` }]} />
      <JsonLd data={priceOffers(priced, className)} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight">
        Skid steer rental prices in {data.city.name}, {data.state.code}
      </h1>
      <p className="mt-2 max-w-3xl text-ink-700">
        Estimated totals for the whole rental: the cheapest mix of day, week and 4-week rates, delivery and pickup to your ZIP, the damage
        waiver and fees, from each vendor&apos;s published rates. An estimate, not a quote: the vendor confirms the price.
      </p>
      <form method="get" className="mt-5 flex flex-wrap items-end gap-3 text-sm" aria-label="What to compare">
        <label className="font-semibold">
          Machine
          <select name="class" defaultValue={query.machineClass} className={`${inputClass} mt-1 block`}>
            {MACHINE_CLASSES.map((machineClass) => (
              <option key={machineClass} value={machineClass}>
                {CLASS_NAMES[machineClass].name}
              </option>
            ))}
          </select>
        </label>
        <label className="font-semibold">
          Days
          <input
            name="days"
            type="number"
            min={1}
            max={MAX_PRICE_DAYS}
            defaultValue={query.days}
            className={`${inputClass} mt-1 block w-24`}
          />
        </label>
        <label className="font-semibold">
          Job site ZIP
          <input
            name="zip"
            inputMode="numeric"
            pattern="\d{5}"
            maxLength={5}
            defaultValue={zip}
            className={`${inputClass} mt-1 block w-28`}
          />
        </label>
        <Button type="submit">Compare</Button>
      </form>
      {!data.zip_known && (
        <p className="mt-3 text-sm font-semibold" role="status">
          ZIP {zip} is not in our directory: delivery is not estimated.
        </p>
      )}
      <h2 className="mt-8 text-2xl font-bold">
        {className}, {query.days} day{query.days === 1 ? "" : "s"}, delivered to {zip}
      </h2>
      <p className="text-sm text-ink-600">{CLASS_NAMES[query.machineClass].capacity}</p>
      {priced.length === 0 ? (
        <p className="mt-3">No vendor serving {data.city.name} publishes rates for this machine yet.</p>
      ) : (
        <ol className="mt-4 grid gap-3" data-testid="price-list">
          {priced.map(({ vendor, rates, estimate }) => (
            <li key={vendor.id} className="rounded-[var(--radius-card)] border border-ink-200 p-4 wrap-anywhere" data-testid="price-row">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link href={vendorPath(vendor)} className="text-lg font-bold text-brand-700 underline">
                  {vendor.name}
                </Link>
                <p className="text-lg font-extrabold" data-testid="estimated-total">
                  {usd(estimate.total)} <span className="text-sm font-normal text-ink-600">estimated total</span>
                </p>
              </div>
              <EstimateBreakdown estimate={estimate} />
              <p className="mt-1 text-xs text-ink-600">
                {rates.sample ? "Sample rates" : "Provided by the business"} · {confirmedLine(rates.confirmed_on).text}
              </p>
              {rates.sample && <SampleNote />}
              <RequestButton
                label="Request this price"
                variant="outline"
                className="mt-3 w-full sm:w-auto"
                vendor={{ id: vendor.id, name: vendor.name, zip }}
                preset={{
                  type: query.machineClass === "track" ? "tracked" : "wheeled",
                  machineClass: query.machineClass,
                  days: query.days,
                }}
              />
            </li>
          ))}
        </ol>
      )}
      {data.priced > priced.length && (
        <p className="mt-4 text-sm text-ink-700">
          These are the {priced.length} lowest estimated totals among the vendors with the 20 lowest {data.periods.join(" or ")} rates for
          this machine. {data.priced - priced.length} more serving {data.city.name} publish
          {data.priced - priced.length === 1 ? "es" : ""} rates for it:{" "}
          <Link href={`${base}/by-price`} className="text-brand-700 underline">
            see the city&apos;s vendors by lowest day rate
          </Link>
          .
        </p>
      )}
      <CityMap
        state={data.state.slug}
        city={data.city.slug}
        place={`${data.city.name}, ${data.state.code}`}
        vendorIds={priced.map(({ vendor }) => vendor.id)}
      />
      {data.without_rates > 0 && (
        <p className="mt-4 text-sm text-ink-700">
          {data.without_rates} more vendor{data.without_rates === 1 ? "" : "s"} serving {data.city.name} publish
          {data.without_rates === 1 ? "es" : ""} no rates for this machine:{" "}
          <Link href={base} className="text-brand-700 underline">
            see every vendor
          </Link>{" "}
          and send a free rental request.
        </p>
      )}
    </>
  );
}
