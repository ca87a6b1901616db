import type {
  AggregateRating,
  Article,
  BreadcrumbList,
  ItemList,
  ListItemLeaf,
  LocalBusiness,
  Offer,
  Product,
  Review,
  WithContext,
} from "schema-dts";
import type { Article as GuideArticle } from "../articles/data";
import { vendorPath } from "../listings/ordering";
import type { PricedVendor } from "../listings/price-comparison";
import type { PublicReview, VendorDetail } from "../listings/types";
import { modelPath } from "../models/catalogue";
import type { EquipmentModel } from "../models/types";
import { shownAverage } from "../reviews/format";
import { absoluteUrl, type Crumb } from "../seo";

// Every page's schema.org data, one builder per type; components/json-ld.tsx writes it into the page.

const CONTEXT = "https://schema.org";

/** Entries as ListItems, numbered from 1 in their order. */
function listItems(entries: Array<Omit<ListItemLeaf, "@type" | "position">>): ListItemLeaf[] {
  return entries.map((entry, index) => ({ "@type": "ListItem", position: index + 1, ...entry }));
}

/** A page's breadcrumbs, from Home down. */
export function breadcrumbList(crumbs: Crumb[]): WithContext<BreadcrumbList> {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: listItems(crumbs.map((crumb) => ({ name: crumb.name, item: absoluteUrl(crumb.path) }))),
  };
}

/** Things in their order on the page. */
function itemList(entries: Array<Omit<ListItemLeaf, "@type" | "position">>): WithContext<ItemList> {
  return { "@context": CONTEXT, "@type": "ItemList", itemListElement: listItems(entries) };
}

/**
 * What a listing's LocalBusiness says of its reviews: only published reviews from renters,
 * never the sample ratings. The aggregate shows once the page shows an average.
 */
function reviewsOf(v: VendorDetail, reviews: PublicReview[]): { aggregateRating?: AggregateRating; review?: Review[] } {
  const average = shownAverage(v.reviews);
  return {
    aggregateRating:
      average !== null
        ? { "@type": "AggregateRating", ratingValue: average, reviewCount: v.reviews.count, bestRating: 5, worstRating: 1 }
        : undefined,
    review:
      reviews.length > 0
        ? reviews.map((r) => ({
            "@type": "Review",
            reviewRating: { "@type": "Rating", ratingValue: r.stars, bestRating: 5, worstRating: 1 },
            author: { "@type": "Person", name: r.author },
            datePublished: r.published_at.slice(0, 10),
            reviewBody: r.body ?? undefined,
          }))
        : undefined,
  };
}

/** A listing, with the reviews its page shows. */
export function localBusiness(v: VendorDetail, reviews: PublicReview[]): WithContext<LocalBusiness> {
  return {
    "@context": CONTEXT,
    "@type": "LocalBusiness",
    name: v.name,
    url: absoluteUrl(vendorPath(v)),
    telephone: v.phone ?? undefined,
    address: {
      "@type": "PostalAddress",
      streetAddress: v.street ?? undefined,
      addressLocality: v.city_name,
      addressRegion: v.state_code,
      postalCode: v.postcode ?? undefined,
      addressCountry: "US",
    },
    ...reviewsOf(v, reviews),
  };
}

/** A vendor's day rate for one class, as an offer. */
function dayRateOffer(entry: PricedVendor, className: string): Offer {
  return {
    "@type": "Offer",
    name: `${className} rental`,
    seller: { "@type": "LocalBusiness", name: entry.vendor.name, url: absoluteUrl(vendorPath(entry.vendor)) },
    priceCurrency: "USD",
    priceSpecification: {
      "@type": "UnitPriceSpecification",
      priceCurrency: "USD",
      unitCode: "DAY",
      unitText: "day",
      price: entry.rates.classes.find((rates) => rates.class === entry.estimate.class)?.day ?? entry.estimate.rental,
    },
  };
}

/** A city's day rates for one class as offers; sample (fictitious) rates are left out. */
export const priceOffers = (vendors: PricedVendor[], className: string) =>
  itemList(vendors.filter((entry) => !entry.rates.sample).map((entry) => ({ item: dayRateOffer(entry, className) })));

/** The catalogue's models as shown, in order. */
export const modelList = (models: EquipmentModel[]) =>
  itemList(models.map((m) => ({ name: `${m.equipment_manufacturer?.name} ${m.name}`, url: absoluteUrl(modelPath(m)) })));

/** A model with the specifications its page lists. */
export function modelProduct(m: EquipmentModel, specs: Array<[string, string]>): WithContext<Product> {
  const manufacturer = m.equipment_manufacturer;
  return {
    "@context": CONTEXT,
    "@type": "Product",
    name: `${manufacturer?.name} ${m.name}`,
    brand: { "@type": "Brand", name: manufacturer?.name ?? "Other" },
    category: m.equipment_type?.name,
    image: absoluteUrl(m.image_url ?? "/skidsteer_share.png"),
    url: absoluteUrl(modelPath(m)),
    description: m.description ?? undefined,
    additionalProperty: specs.map(([name, value]) => ({ "@type": "PropertyValue", name, value })),
  };
}

/** A guide. */
export function guideArticle(article: GuideArticle): WithContext<Article> {
  return {
    "@context": CONTEXT,
    "@type": "Article",
    headline: article.title,
    description: article.excerpt ?? undefined,
    datePublished: article.published_at,
    image: article.cover_image ? absoluteUrl(article.cover_image) : undefined,
    mainEntityOfPage: absoluteUrl(`/articles/${article.slug}`),
  };
}
