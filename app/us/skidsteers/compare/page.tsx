import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { CompareTable } from "@/components/models/compare-table";
import { ComparePicker } from "@/components/models/compare-picker";
import { getEquipmentList } from "@/lib/models/data";
import { COMPARE_LIMIT, parseCompareSlugs } from "@/lib/models/compare";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Compare Skid Steers Side by Side",
  description:
    "Compare up to three skid steer and compact track loader models: capacity, weight, power, lift pattern, hydraulics and dimensions.",
  path: "/us/skidsteers/compare",
});

type Props = { searchParams: Promise<{ models?: string | string[] }> };

export default async function ComparePage({ searchParams }: Props) {
  const { models: raw } = await searchParams;
  let all;
  try {
    all = await getEquipmentList();
  } catch {
    return (
      <p role="alert" className="py-10 text-center text-danger-600">
        Error loading equipment data
      </p>
    );
  }
  const slugs = parseCompareSlugs(Array.isArray(raw) ? raw[0] : raw);
  const chosen = slugs.map((slug) => all.find((m) => m.slug === slug)).filter((m) => m !== undefined);
  const options = all.map((m) => ({ slug: m.slug, name: m.name, manufacturer: m.equipment_manufacturer?.name ?? null }));
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight">Compare Skid Steers</h1>
        <Link href="/us/skidsteers" className="font-semibold text-brand-700 hover:underline">
          View All Models
        </Link>
      </div>
      {chosen.length < COMPARE_LIMIT && (
        <div className="mt-6">
          <ComparePicker options={options} chosen={chosen.map((m) => m.slug)} />
        </div>
      )}
      {chosen.length === 0 ? (
        <p className="mt-6 text-ink-700">Choose up to {COMPARE_LIMIT} models to compare them side by side.</p>
      ) : (
        <CompareTable models={chosen} slugs={chosen.map((m) => m.slug)} />
      )}
    </>
  );
}
