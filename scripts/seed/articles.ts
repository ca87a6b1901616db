/** Guides published on the site. Content is HTML; the page sanitizes it on render. */
export interface SeedArticle {
  slug: string;
  title: string;
  excerpt: string;
  publishedAt: string;
  content: string;
}

export const articles: SeedArticle[] = [
  {
    slug: "skid-steer-guide",
    title: "The Complete Skid Steer Rental Guide",
    excerpt: "What a skid steer does, how to pick the right size, and what to ask the rental desk before you sign.",
    publishedAt: "2026-10-28T09:00:00Z",
    content: `<p>A skid steer loader is the most versatile machine on a small job site. It digs, grades, lifts, carries and, with the right attachment, augers post holes, clears brush or sweeps a lot. This guide walks you through renting one for the first time.</p>
<h2>Wheeled or tracked?</h2>
<p>Wheeled skid steers are cheaper to rent, faster on hard surfaces and kinder to concrete and asphalt. Compact track loaders spread their weight over rubber tracks, so they float over mud, sand and finished lawns and climb slopes more safely. If the ground is soft or the job is on a slope, pay the extra for tracks.</p>
<h2>Sizing the machine</h2>
<ul>
<li><strong>Rated operating capacity</strong> is how much the loader can safely lift. Match it to your heaviest regular load plus the attachment weight.</li>
<li><strong>Lift pattern</strong>: radial-lift machines are strong at mid-height, ideal for digging and grading; vertical-lift machines keep the load close at full height, ideal for loading trucks and moving pallets.</li>
<li><strong>Width</strong>: measure gates and doorways. Small-frame machines fit through a 60-inch opening.</li>
</ul>
<h2>Questions for the rental desk</h2>
<ol>
<li>Is delivery and pick-up included, and what does it cost?</li>
<li>Which attachments are included, and which are extra?</li>
<li>What is the daily, weekly and monthly rate, and is there an hour-meter limit?</li>
<li>What damage waiver or insurance do you require?</li>
</ol>
<p>Once you know the machine you need, compare models side by side and send a rental request to a local vendor.</p>`,
  },
  {
    slug: "mini-skid-steer-guide",
    title: "Mini Skid Steers: When a Compact Loader Is the Better Rental",
    excerpt: "Stand-on mini loaders fit through garden gates and leave lawns intact. Here is when they beat a full-size skid steer.",
    publishedAt: "2026-10-21T09:00:00Z",
    content: `<p>Mini skid steers, also called compact utility loaders, are stand-on machines about three feet wide. They carry 500 to 1,000 lb and run the same families of attachments as their bigger siblings.</p>
<h2>Where they shine</h2>
<ul>
<li>Backyard landscaping behind a fence or gate.</li>
<li>Trenching for irrigation or electrical lines with a trencher attachment.</li>
<li>Moving mulch, soil and pavers across finished turf with tracks that barely mark it.</li>
</ul>
<h2>Where they do not</h2>
<p>They are slow over long distances, lift less than a full-size loader and tire the operator on long days. For loading trucks, large grading jobs or demolition, rent a full-size skid steer or track loader.</p>
<h2>Trailer and transport</h2>
<p>Most mini loaders weigh 2,000 to 3,000 lb and tow on a light equipment trailer behind a half-ton pickup. Check your hitch rating and ask the vendor whether a trailer is included.</p>`,
  },
  {
    slug: "bobcat-rental-guide",
    title: "Renting a Bobcat: Models, Sizes and What to Expect",
    excerpt: "Bobcat is the name many people use for every skid steer. Here is how its current line-up maps to real jobs.",
    publishedAt: "2026-10-14T09:00:00Z",
    content: `<p>Bobcat invented the skid steer in 1958, and rental fleets across the US are full of its machines. Model names tell you a lot: an <strong>S</strong> is a wheeled skid steer and a <strong>T</strong> is a compact track loader; the bigger the number, the bigger the machine.</p>
<h2>Small frame</h2>
<p>The S70 is the smallest wheeled Bobcat, about three feet wide with a rated capacity near 760 lb. It is the rental for tight backyards and interior demolition.</p>
<h2>Medium frame</h2>
<p>Machines like the S64-2, S66-2, T64-2 and T66-2 are the workhorses of general construction: 2,000 to 2,500 lb capacity, enough power for most hydraulic attachments, and small enough to trailer behind a pickup.</p>
<h2>Large frame</h2>
<p>The S76-2, S86-2, T76-2 and T86-2 lift 3,000 lb and more and run high-flow attachments such as mulchers and cold planers. They need a heavier trailer and a truck to match.</p>
<p>Whatever the model, confirm with the vendor which bucket and attachments come with it, and whether the machine has a cab with heat and air conditioning for long days.</p>`,
  },
  {
    slug: "safety-guidelines",
    title: "Skid Steer Safety Guidelines for Renters",
    excerpt: "The habits that prevent rollovers, crush injuries and damaged property when you operate a rented loader.",
    publishedAt: "2026-10-07T09:00:00Z",
    content: `<p>Skid steers are safe when they are used as designed. Most serious accidents come from a handful of avoidable mistakes.</p>
<h2>Before you start</h2>
<ul>
<li>Read the operator's manual and the decals in the cab. Ask the vendor for a walk-around.</li>
<li>Call 811 at least a few days before you dig so buried utilities are marked.</li>
<li>Walk the site and flag holes, soft ground, overhead lines and slopes.</li>
</ul>
<h2>While operating</h2>
<ul>
<li>Always wear the seat belt and lower the seat bar; never operate with the door open on machines that require it closed.</li>
<li>Carry loads low. Raise the bucket only when you are ready to dump.</li>
<li>Travel straight up and down slopes with the heavy end uphill; never cross a slope sideways.</li>
<li>Never exceed the rated operating capacity, and remember attachments count toward it.</li>
<li>Keep people out of the work area. Never let anyone stand under a raised bucket.</li>
</ul>
<h2>When you stop</h2>
<p>Lower the attachment to the ground, set the parking brake, shut the engine off and remove the key before you leave the seat.</p>`,
  },
  {
    slug: "rental-cost-guide",
    title: "How Much Does It Cost to Rent a Skid Steer?",
    excerpt: "Typical daily, weekly and monthly rates, plus the delivery, fuel and damage-waiver charges that change the total.",
    publishedAt: "2026-09-30T09:00:00Z",
    content: `<p>Rental rates vary by region, season and machine size, but the structure of a quote is the same everywhere. Knowing it helps you compare vendors fairly.</p>
<h2>The base rate</h2>
<p>Vendors quote per day, per week (usually about three to four times the daily rate) and per four-week month (about three times the weekly rate). Track loaders cost more than wheeled skid steers of the same size, and large-frame machines cost more than small ones.</p>
<h2>What gets added</h2>
<ul>
<li><strong>Delivery and pick-up</strong>: a flat fee each way, often based on distance.</li>
<li><strong>Damage waiver</strong>: usually 10 to 15 percent of the rental, unless you show your own insurance.</li>
<li><strong>Fuel</strong>: return the machine full or pay the vendor's refuelling rate.</li>
<li><strong>Attachments</strong>: a bucket is normally included; augers, forks, grapples and breakers are extra.</li>
<li><strong>Hours</strong>: daily rates often include eight engine hours; overtime is billed.</li>
</ul>
<h2>Saving money</h2>
<p>Book early in spring, when demand peaks. If the job might run long, ask whether the weekly rate is cheaper than four or five days. And send the same request to more than one vendor.</p>`,
  },
  {
    slug: "insurance-requirements",
    title: "Insurance Requirements When You Rent a Skid Steer",
    excerpt: "Certificates of insurance, damage waivers and liability: what rental vendors ask for and how to be covered.",
    publishedAt: "2026-09-23T09:00:00Z",
    content: `<p>A rented skid steer is worth tens of thousands of dollars, and the renter is responsible for it from delivery to pick-up. Vendors protect themselves in one of two ways.</p>
<h2>Your own insurance</h2>
<p>Contractors usually provide a certificate of insurance showing general liability and inland marine (rented equipment) coverage, with the vendor named as additional insured and loss payee. Ask your agent for the certificate before the machine is delivered.</p>
<h2>The vendor's damage waiver</h2>
<p>Homeowners and occasional renters usually buy the vendor's damage waiver. It is not insurance: it limits what you owe if the machine is damaged, often with a deductible, and it rarely covers theft without a police report or damage from misuse.</p>
<h2>Liability</h2>
<p>Damage the machine does to people or property is a separate risk. Check whether your homeowner's or business policy covers it, and read the rental contract's indemnity clause.</p>
<p>When you send a rental request, mention how you will cover the machine so the vendor can prepare the right paperwork.</p>`,
  },
  {
    slug: "pre-rental-checklist",
    title: "Pre-Rental Checklist: Inspect a Skid Steer Before You Sign",
    excerpt: "Ten minutes of inspection at delivery protects your deposit and your schedule. Here is what to check.",
    publishedAt: "2026-09-16T09:00:00Z",
    content: `<p>Inspect the machine with the delivery driver present, and photograph anything worn or damaged before you sign the delivery ticket.</p>
<h2>Walk-around</h2>
<ul>
<li>Tires or tracks: cuts, missing lugs, track tension.</li>
<li>Hydraulic hoses and cylinders: leaks, cracks, wet spots under the machine.</li>
<li>Bucket and quick-attach plate: cracks, bent cutting edge, locking pins that engage.</li>
<li>Lights, mirrors, windows and the cab door.</li>
</ul>
<h2>In the seat</h2>
<ul>
<li>Seat belt and seat bar work, and the controls lock when the bar is raised.</li>
<li>Fuel level, engine hours and warning lights match the paperwork.</li>
<li>Lift, tilt and auxiliary hydraulics respond smoothly.</li>
<li>The parking brake holds.</li>
</ul>
<h2>Paperwork</h2>
<p>Confirm the rental period, the hour allowance, the fuel policy, the pick-up time and who to call if the machine breaks down.</p>`,
  },
  {
    slug: "wheeled-vs-tracked-skid-steers",
    title: "Wheeled vs. Tracked Skid Steers: Which Should You Rent?",
    excerpt: "Ground conditions, slopes, surfaces and budget decide between a wheeled skid steer and a compact track loader.",
    publishedAt: "2026-09-09T09:00:00Z",
    content: `<p>The rental request on this site asks one question first: wheeled or tracked? Here is how to answer it.</p>
<h2>Choose wheels when</h2>
<ul>
<li>You work on concrete, asphalt or compacted gravel.</li>
<li>You travel long distances across the site.</li>
<li>Budget matters: wheeled machines rent for less and wear parts cost less.</li>
</ul>
<h2>Choose tracks when</h2>
<ul>
<li>The ground is soft, wet, sandy or muddy.</li>
<li>You work on slopes, where tracks add stability and traction.</li>
<li>You must protect finished lawns or landscaping.</li>
<li>You need more pushing power for grading.</li>
</ul>
<p>Rated capacities are not always comparable: many manufacturers rate track loaders at 35 percent of tipping load and wheeled machines at 50 percent. Our model pages say which basis each figure uses where the source states it.</p>`,
  },
  {
    slug: "skid-steer-attachments-guide",
    title: "Skid Steer Attachments Worth Renting",
    excerpt: "Buckets, forks, augers, grapples and more: the attachments that turn one rented loader into a whole fleet.",
    publishedAt: "2026-09-02T09:00:00Z",
    content: `<p>The universal quick-attach plate lets one loader run dozens of tools. Most vendors rent attachments by the day alongside the machine.</p>
<h2>The common ones</h2>
<ul>
<li><strong>General-purpose bucket</strong>: digging, loading and back-dragging; usually included.</li>
<li><strong>Pallet forks</strong>: moving pavers, sod and building materials.</li>
<li><strong>Auger</strong>: post holes for fences and decks; choose the bit diameter for the post.</li>
<li><strong>Grapple</strong>: brush, logs and demolition debris.</li>
<li><strong>Box blade or land plane</strong>: finish grading for driveways and lawns.</li>
<li><strong>Trencher</strong>: irrigation, drainage and utility lines.</li>
</ul>
<h2>High-flow attachments</h2>
<p>Forestry mulchers, cold planers and stump grinders need high-flow hydraulics. Check the machine's auxiliary flow against the attachment's requirement before you book both.</p>`,
  },
];
