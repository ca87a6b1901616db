/** Page copy for the seed: heroes, SEO text, and generated descriptions. */

export const generalConfig = {
  hero_h1_headline: "Find Skid Steer Rentals Near You",
  hero_h2_subtitle1: "Wheeled skid steers and compact track loaders from local rental vendors.",
  hero_h2_subtitle2: "Compare vendors, check models and send one free rental request.",
  seo_body_text: `Renting a skid steer is the fastest way to get a small excavation, grading or landscaping job done without buying a machine. Local rental vendors stock wheeled skid steers for hard surfaces and compact track loaders for mud, sand and slopes, usually with a bucket included and attachments such as forks, augers and grapples available by the day.

Use this directory to find vendors by state and city, read what each one offers, and compare machines by rated operating capacity, engine power, lift pattern and size. When you know what you need, send a rental request: tell us the machine type and your dates, and the vendor will contact you with a quote.

Rates depend on the machine size, the rental length and your location. Daily rentals suit a single job; weekly and monthly rates bring the cost per day down for longer projects. Ask about delivery, fuel and damage-waiver charges so you can compare quotes fairly.`,
};

export const heroConfigs = [
  {
    page_type: "country",
    hero_h1_headline: "Skid Steer Rentals Across the United States",
    hero_h2_subtitle1: "Local vendors in every region, from compact loaders to large-frame track machines.",
    hero_h2_subtitle2: "Pick your state to see rental vendors near your job site.",
  },
  {
    page_type: "state",
    hero_h1_headline: "Skid Steer Rentals in {location}",
    hero_h2_subtitle1: "Compare rental vendors serving cities across {location}.",
    hero_h2_subtitle2: "Wheeled and tracked loaders, delivered to your site.",
  },
  {
    page_type: "city",
    hero_h1_headline: "Skid Steer Rentals in {location}",
    hero_h2_subtitle1: "Vendors that deliver skid steers and track loaders to {location}.",
    hero_h2_subtitle2: "Send one request and get a quote from a local vendor.",
  },
];

export const stateSeoTexts: Record<string, string> = {
  texas: `Texas has more skid steer rental demand than any other state, driven by home building around Houston, Dallas-Fort Worth, Austin and San Antonio, ranch work across the Hill Country and oilfield site preparation in the west.

Black clay soils around Dallas and Houston turn to paste after rain, so many Texas contractors rent compact track loaders from October to April and switch to wheeled machines in the dry summer months.`,
  california: `California rental vendors serve everything from hillside landscaping in the Bay Area to vineyard work in the Central Valley and fire-break clearing in the foothills.

Many jobs in California's dense neighbourhoods call for small-frame machines that fit through side yards. Check local rules on engine emissions: vendors keep Tier 4 Final machines to meet state requirements.`,
  florida: `Florida's sandy soils and year-round building season make compact track loaders popular rentals, especially for pool excavation, lot clearing and landscaping.

Hurricane season brings a surge of demand for debris clean-up with grapple attachments: book early if you are preparing for, or recovering from, a storm.`,
  colorado: `Colorado contractors rent skid steers for foundation work along the Front Range and snow removal in winter, when many vendors rent loaders with snow pushers and blowers.

At altitude, engines make less power; a vendor can recommend a machine with enough reserve for your attachment.`,
  "new-york": `From Long Island landscaping to upstate farm work, New York renters choose between compact machines for tight urban lots and large-frame track loaders for site work.

Winter rentals for snow removal are common; reserve before the first storm.`,
  ohio: `Ohio's clay soils and wet springs make track loaders a common choice for excavation and drainage projects, while wheeled skid steers handle farm and warehouse work year-round.`,
  georgia: `Georgia's red clay is hard when dry and slick when wet. Rental vendors around Atlanta, Savannah and Augusta stock both wheeled and tracked machines for grading, land clearing and landscaping.`,
  arizona: `In Arizona's heat, a cab with air conditioning makes long rental days far easier. Vendors in Phoenix and Tucson rent skid steers for desert landscaping, pool digs and trenching in caliche.`,
};

/** Featured flag per state slug: true first, unset next, false last on the country page. */
export const stateFeatured: Record<string, boolean> = {
  texas: true,
  florida: true,
  colorado: true,
  "new-york": false,
  illinois: false,
  ohio: false,
};

/** States that get no vendors, so the directory has gaps like the real one. */
export const statesWithoutVendors = new Set(["DC", "RI", "DE", "VT", "HI"]);

const surnames = [
  "Anderson",
  "Baker",
  "Carter",
  "Dalton",
  "Ellis",
  "Fischer",
  "Garrison",
  "Holloway",
  "Irwin",
  "Jensen",
  "Keller",
  "Lawson",
  "Mercer",
  "Nolan",
  "Ortega",
  "Porter",
  "Quinn",
  "Ramsey",
  "Sawyer",
  "Tucker",
  "Underwood",
  "Vance",
  "Whitaker",
  "Yates",
  "Zimmerman",
  "Brennan",
  "Caldwell",
  "Donovan",
  "Everett",
  "Fletcher",
  "Hayes",
  "Lindqvist",
  "Moreno",
  "Pruitt",
];
const adjectives = [
  "Ironclad",
  "Red Clay",
  "Blue Ridge",
  "Lone Pine",
  "Summit",
  "Bedrock",
  "Granite",
  "Prairie",
  "Cedar",
  "Timberline",
  "Northstar",
  "Keystone",
  "Riverbend",
  "High Plains",
  "Copperline",
  "Backyard",
  "Groundwork",
  "Trailhead",
  "Redline",
  "Steel Valley",
];
const nouns = ["Equipment Rentals", "Loader Rentals", "Equipment Co.", "Rental Yard", "Machinery Rental", "Skid Steer Hire"];
const streets = [
  "Industrial",
  "Commerce",
  "Main",
  "Oak",
  "Depot",
  "Quarry",
  "Mill",
  "Railroad",
  "Airport",
  "Center",
  "Mesa",
  "Ridge",
  "Lakeview",
  "Highland",
  "Warehouse",
  "Foundry",
];
const streetKinds = ["St", "Ave", "Blvd", "Rd", "Dr", "Pkwy", "Way"];

export type Random = () => number;

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

export function vendorName(random: Random, city: string): string {
  switch (Math.floor(random() * 5)) {
    case 0:
      return `${pick(random, surnames)} ${pick(random, nouns)}`;
    case 1:
      return `${city} Skid Steer Rental`;
    case 2:
      return `${pick(random, surnames)} & Sons Equipment`;
    case 3:
      return `${pick(random, adjectives)} ${pick(random, nouns)}`;
    default:
      return `${pick(random, adjectives)} Rentals of ${city}`;
  }
}

export function streetAddress(random: Random): string {
  return `${100 + Math.floor(random() * 9800)} ${pick(random, streets)} ${pick(random, streetKinds)}`;
}

export function vendorDescription(random: Random, name: string, city: string, state: string): string {
  const fleet = pick(random, [
    "a fleet of wheeled skid steers and compact track loaders from small to large frame",
    "late-model compact track loaders, wheeled skid steers and mini loaders",
    "wheeled skid steers for hard surfaces and track loaders for soft ground",
  ]);
  const extras = pick(random, [
    "Buckets come standard; forks, augers, grapples and trenchers rent by the day.",
    "Every machine is serviced between rentals and delivered with a full tank.",
    "Delivery and pick-up run six days a week, with same-day delivery when a machine is free.",
  ]);
  const customers = pick(random, [
    "contractors, landscapers and homeowners",
    "builders, farmers and do-it-yourself renters",
    "site-work crews, municipalities and homeowners",
  ]);
  return `${name} rents ${fleet} to ${customers} in and around ${city}, ${state}. ${extras} Daily, weekly and monthly rates are available; send a rental request for a quote.`;
}

export function cityDescription(random: Random, city: string, state: string): string {
  const first = pick(random, [
    `${city} keeps local rental vendors busy year-round, from new home construction on the edge of town to landscaping and drainage work in established neighbourhoods.`,
    `Skid steers are among the most requested rentals in ${city}, used for grading driveways, clearing lots, moving gravel and digging footings.`,
  ]);
  const second = pick(random, [
    `Ground conditions around ${city} vary with the season. Compact track loaders are the safer choice after heavy rain or on slopes, while wheeled skid steers are cheaper and faster on paved and compacted sites.`,
    `Many vendors serving ${city} deliver to surrounding towns as well, so check the vendors listed above even if your job site is a short drive outside the city limits.`,
  ]);
  const third = `Before you dig anywhere in ${state}, call 811 to have underground utilities marked. It is free and required by law.`;
  return random() < 0.5 ? `${first}\n\n${second}` : `${first}\n\n${second}\n\n${third}`;
}
