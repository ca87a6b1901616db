-- Comments on every table, view, non-obvious column and some indexes: what each holds and why.

-- The directory ------------------------------------------------------------------------------

comment on table public.countries is 'The countries the directory covers; each has a page at /<slug> listing its states.';
comment on column public.countries.code is 'The country''s two-letter ISO code, e.g. US.';

comment on table public.states is 'The states of a country, each with a page at /<country>/<slug>.';
comment on column public.states.code is 'The state''s two-letter postal abbreviation, e.g. TX, shown on vendor cards and in addresses.';
comment on column public.states.featured is 'Orders the country page''s quick links: true first, then null (unset), then false, each by vendor count.';
comment on column public.states.vendor_count is 'How many listed (not hidden) vendors have their address in the state, kept by the vendor_counts trigger so pages read a column instead of counting.';

comment on table public.cities is 'The cities of a state, each with a page at /<country>/<state>/<slug>.';
comment on column public.cities.latitude is 'The city''s latitude in degrees; every ZIP code of the city is placed here when distances are measured (lead routing, price pages).';
comment on column public.cities.longitude is 'The city''s longitude in degrees, used with latitude for distances.';
comment on column public.cities.vendor_count is 'How many listed (not hidden) vendors serve at least one of the city''s ZIP codes, kept by the serviced_counts and vendor_counts triggers.';

comment on table public.cities_additionaldetails is 'Optional copy of a city''s page, one row per city.';
comment on column public.cities_additionaldetails.description is 'The city page''s description text, split into paragraphs on blank lines.';

comment on table public.postcodes is 'The US ZIP codes the directory knows, each in one city: a job site and a vendor''s address are ZIP codes of this table.';
comment on column public.postcodes.code is 'The five-digit ZIP code as text.';

comment on table public.vendors is 'The rental businesses listed in the directory (listings): their public details, and figures kept on the row by triggers so pages need not compute them.';
comment on column public.vendors.site is 'The business''s website as stored and linked: "https://host" (or "http://host"), lower case, without path, query or port (normalize_website, applied by a trigger).';
comment on column public.vendors.full_address is 'The address as shown on the listing; an import writes it as "street, city, state code ZIP".';
comment on column public.vendors.street is 'The street part of the address, which the vendor page adds to its title when another listing of the city shares the name.';
comment on column public.vendors.rating is 'A rating from 0 to 5 given by the seed data or an import''s CSV, shown as a sample rating and never mixed with the published reviews.';
comment on column public.vendors.photo is 'The URL of the listing''s photo, or null for none.';
comment on column public.vendors.updated_at is 'When the listing last changed; the sitemap gives it as the vendor page''s last modification.';
comment on column public.vendors.postcode_id is 'The ZIP code of the business''s address, which places its page under a country, state and city; a vendor without one has no page.';
comment on column public.vendors.email is 'The listing''s email address on file: rental requests and their links are emailed here, and while nobody owns the listing a claim from this address (or from its website''s domain) needs no review.';
comment on column public.vendors.hidden is 'Hidden by the operator: the listing leaves every public page, count, search and sitemap, and routing never picks it as a nearby vendor.';
comment on column public.vendors.website_key is 'The website as duplicates are compared (no scheme, "www." or trailing slash), generated from site; matches imports, submissions and claim domains to listings.';
comment on column public.vendors.claimed_at is 'When a business became the listing''s owner (claim, approved submission or claim review); null while nobody owns it.';
comment on column public.vendors.leads_paused_at is 'When the business asked to stop receiving rental requests ("Stop sending me requests" or /business); null while it receives them.';
comment on column public.vendors.listed_at is 'When the listing went public through the operator (an approved submission or an import); it is marked "New" for 30 days after, and sample listings have none.';
comment on column public.vendors.hours is 'The opening hours as the business writes them, free text of at most 300 characters.';
comment on column public.vendors.search_text is 'The name, city name and website key in one text, kept by the vendor_search_text trigger for the console''s trigram search.';
comment on column public.vendors.last_responded_at is 'When the vendor last answered a request (marked it contacted or quoted), kept by the vendor_response_stats trigger; response_hours is shown only while this is within 90 days.';
comment on column public.vendors.response_hours is 'The median hours, rounded up, from a request''s email to the vendor''s first answer over the 90 days before last_responded_at; null below 3 answers (vendor_responses, kept by a trigger).';
comment on column public.vendors.response_count is 'How many answered requests response_hours rests on, kept with it by the vendor_response_stats trigger.';
comment on column public.vendors.state_id is 'The state of the address''s ZIP code, a copy kept by the vendor_state_id trigger so a state page reads its listings from one index.';
comment on column public.vendors.review_count is 'How many published reviews the listing has, kept by the review_counts trigger.';
comment on column public.vendors.review_stars is 'The sum of the stars of the listing''s published reviews (their average is review_stars / review_count), kept by the review_counts trigger.';

comment on table public.vendors_additionaldetails is 'Optional copy of a vendor''s page, one row per vendor.';
comment on column public.vendors_additionaldetails.description is 'The listing''s description as the operator, the business or an import wrote it, split into paragraphs on blank lines.';

comment on table public.vendors_serviced is 'The ZIP codes each vendor serves (its service area): requests for a job in one of them go to it first, and it counts in their cities.';

comment on table private.city_vendors is 'How many of each city''s ZIP codes each vendor serves, kept by the serviced_counts trigger so that a city''s vendor_count changes only when a vendor''s first ZIP code there is added or its last removed.';
comment on column private.city_vendors.vendor_id is 'The vendor (no foreign key: the vendor_counts trigger deletes its rows before the vendor goes).';
comment on column private.city_vendors.zips is 'How many of the city''s ZIP codes the vendor serves.';

comment on view public.vendors_servicedenhanced is 'Each vendor once per ZIP code it serves, with the details its card shows; readable by visitors, who see listed vendors only.';
comment on view public.vendors_by_state is 'Each vendor once per state in which it serves a ZIP code, with its details.';
comment on view public.states_with_vendors is 'The states with at least one listed vendor, with their vendor_count.';
comment on view public.cities_with_vendors is 'The cities that at least one listed vendor serves, with their vendor_count and their state''s slug.';
comment on view public.sitemap_entries is 'Every public path for the sitemaps, by kind (1 country, 2 state, 3 city, 4 vendor, 5 model, 6 article) and key (its row''s id), read in (kind, key) order by keyset.';

-- Page copy ----------------------------------------------------------------------------------

comment on table public.hero_config is 'The hero headline and subtitles of each kind of directory page; a page type without a row uses skidsteer_config''s (hero_for).';
comment on column public.hero_config.page_type is 'The kind of page the copy is for: country, state or city.';
comment on column public.hero_config.hero_h1_headline is 'The page''s H1; a "{location}" token is replaced by the place''s name.';
comment on column public.hero_config.hero_h2_subtitle1 is 'The first line under the headline, with the same "{location}" token.';
comment on column public.hero_config.hero_h2_subtitle2 is 'The second line under the headline, with the same "{location}" token.';

comment on table public.skidsteer_config is 'The site''s default page copy in its one row (id 1): the hero used where hero_config has none, and the body text of the country page and of state pages without their own.';
comment on column public.skidsteer_config.id is 'Always 1: the table holds one row.';
comment on column public.skidsteer_config.hero_h1_headline is 'The default hero H1, with the same "{location}" token as hero_config''s.';
comment on column public.skidsteer_config.hero_h2_subtitle1 is 'The default first line under the headline.';
comment on column public.skidsteer_config.hero_h2_subtitle2 is 'The default second line under the headline.';
comment on column public.skidsteer_config.seo_body_text is 'The body text of the country page, and of a state page that has no state_seo_config row.';

comment on table public.state_seo_config is 'A state page''s own body text, replacing skidsteer_config''s default.';
comment on column public.state_seo_config.state_slug is 'The slug of the state the text is for (states.slug; not a foreign key).';
comment on column public.state_seo_config.seo_body_text is 'The state page''s body text, split into paragraphs on blank lines.';

-- Articles and the model catalogue -----------------------------------------------------------

comment on table public.articles is 'The articles published at /articles/<slug>.';
comment on column public.articles.excerpt is 'The short summary shown in the list of articles.';
comment on column public.articles.content is 'The article''s body as HTML, sanitized when a page renders it.';
comment on column public.articles.cover_image is 'The path or URL of the article''s cover image.';
comment on column public.articles.published_at is 'When the article was published: the list is newest first, and the sitemap gives it as the last modification.';

comment on table public.models_skidsteers is 'The popular models page''s table, its columns named as the source data names them (with their units); it is not linked to equipment_models.';
comment on column public.models_skidsteers."Manufacturer" is 'The manufacturer''s name as text (not a key of equipment_manufacturer).';
comment on column public.models_skidsteers."EquipmentType" is 'The kind of machine as text, e.g. Skid Steer Loader or Compact Track Loader.';

comment on table public.equipment_manufacturer is 'The manufacturers of the model catalogue, each with a page under /us/skidsteers/<slug>.';
comment on column public.equipment_manufacturer.site is 'The manufacturer''s website.';

comment on table public.equipment_type is 'The kinds of machine of the model catalogue: skid steer loader and compact track loader.';

comment on table public.equipment_models is 'The model catalogue: one row per machine model with its published figures, each with a page at /us/skidsteers/<manufacturer>/<slug>.';
comment on column public.equipment_models.image_url is 'The path of the model''s drawing.';
comment on column public.equipment_models.sticker is 'A badge such as "Highest Capacity (50% rating)" or "Narrowest", computed from the published figures: the model leads the catalogue on that figure among models rated on the same basis; null for none.';
comment on column public.equipment_models.site is 'The manufacturer''s website as the source data gives it for the model.';
comment on column public.equipment_models.operating_capacity is 'Rated operating capacity in pounds, on the basis capacity_basis states.';
comment on column public.equipment_models.operating_weight is 'Operating weight in pounds.';
comment on column public.equipment_models.engine_power is 'Engine power in horsepower, on the basis power_basis states.';
comment on column public.equipment_models.lift_pattern is 'Radial (the arms swing in an arc) or Vertical (the bucket rises straight up).';
comment on column public.equipment_models.hydraulic_power_hp is 'Hydraulic power in horsepower.';
comment on column public.equipment_models.hydraulic_pressure_psi is 'Auxiliary hydraulic pressure in psi.';
comment on column public.equipment_models.hydraulic_flow_gpm is 'Auxiliary hydraulic flow in US gallons per minute.';
comment on column public.equipment_models.height is 'Height in inches.';
comment on column public.equipment_models.width is 'Width in inches.';
comment on column public.equipment_models.length is 'Length without bucket in inches.';
comment on column public.equipment_models.length_with_bucket is 'Length with the bucket in inches.';
comment on column public.equipment_models.capacity_basis is 'What the operating capacity is rated on, e.g. "50% of tipping load" (wheeled) or "35% of tipping load" (tracked); models are ranked on it only against the same basis.';
comment on column public.equipment_models.power_basis is 'Whether engine_power is gross or net; models are ranked on it only against the same basis.';
comment on column public.equipment_models.source_url is 'The page the model''s figures were taken from, linked from its page.';
comment on column public.equipment_models.sources is 'Every source behind the figures, as listed on the model page: URLs, owner/repo@commit:path files on GitHub, or a described index entry.';

-- Rental requests ----------------------------------------------------------------------------

comment on table public.leads is 'Rental requests (leads): a draft a browser fills in step by step, then sent to the vendors it is routed to; written only through the service role''s functions.';
comment on column public.leads.vendor_id is 'The vendor whose page the request was started from (it goes to that vendor unless it paused its requests); null for a request started elsewhere.';
comment on column public.leads.vendor_name is 'That vendor''s name when the draft was started (create_lead), kept for the lead webhook and the reports.';
comment on column public.leads.step is 'The step of the three-step request form the renter last saved; 3 once sent.';
comment on column public.leads.location is 'The job site''s ZIP code, or "pending" until the renter gives it; kept when the request is erased.';
comment on column public.leads.name is 'The renter''s name; blank on a draft until given, and after erasure.';
comment on column public.leads.phone is 'The renter''s phone number as typed; blank on a draft until given, and after erasure.';
comment on column public.leads.skid_steer_type is 'The machine asked for: wheeled or tracked.';
comment on column public.leads.rental_days is 'The number of days from rental_start_date to rental_end_date, set when the request is sent (1 on a draft).';
comment on column public.leads.rental_start_date is 'The rental''s first day.';
comment on column public.leads.rental_end_date is 'The rental''s end date, after the start date; once it has passed, a sent or booked request is "over".';
comment on column public.leads.completed is 'True once the request was sent (complete_lead); always equal to state <> ''draft''.';
comment on column public.leads.owner_token_hash is 'The SHA-256 (hex) of the random token the renter''s browser holds, which proves the request its own; the token itself is never stored.';
comment on column public.leads.client_key is 'The keyed hash of the renter''s network address (32 hex characters, lib/platform/client-key.ts), the abuse limits'' key; null after erasure.';
comment on column public.leads.updated_at is 'When the request last changed; a draft is deleted by the retention job a set number of days after it.';
comment on column public.leads.completed_at is 'When the request was sent; the retention job erases the request a set number of months after it.';
comment on column public.leads.widen is 'The renter asked for a request started on a vendor''s page to go to nearby vendors too.';
comment on column public.leads.spam is 'Marked spam by the operator: left out of reports and counts, and its unsent messages are not sent; copied to its recipients by a trigger.';
comment on column public.leads.withdrawn_at is 'When the renter withdrew the request; the vendors'' unsent messages were cancelled then.';
comment on column public.leads.renter_email is 'The renter''s email address, in lower case, when given: their copy of the request, quotes and booking emails go there; null after erasure.';
comment on column public.leads.state_id is 'The state (public.states) of the job site''s ZIP code, not the request''s state in its life (the state column): a copy kept by the lead_state_id trigger for the console''s state filter.';
comment on column public.leads.anonymized_at is 'When the request was erased (its personal fields blanked) by the operator, the renter or the retention job; null while it holds them.';

comment on table public.lead_recipients is 'The vendors each sent request went to, why and in which order, with each vendor''s own status of it; routing fixes them when the request is sent.';
comment on column public.lead_recipients.reason is 'Why the vendor received the request: vendor_page (it was started on its page) or nearby (it serves or is near the job site).';
comment on column public.lead_recipients.rank is 'The vendor''s place in the routing order, from 1: the vendor of the page first, then nearby vendors nearest first.';
comment on column public.lead_recipients.distance_miles is 'Miles, to 0.1, from the vendor''s city to the job site''s city at routing; null for the vendor of the page.';
comment on column public.lead_recipients.status is 'The vendor''s status of the request: contacted, quoted, won, lost or not_a_fit, set by the business and by the request''s events (a quote or its withdrawal, a booking, a cancellation, erasure); null until then.';
comment on column public.lead_recipients.status_reason is 'Why the request was lost or not a fit, as the business (or a booking or cancellation) gave it; null after erasure.';
comment on column public.lead_recipients.status_at is 'When status was last set.';
comment on column public.lead_recipients.responded_at is 'When the vendor first answered (marked the request contacted or quoted): its response time counts from emailed_at to here.';
comment on column public.lead_recipients.completed_at is 'A copy of the request''s completed_at, set by the recipient_request_copies trigger, so a listing''s requests are read newest first from one index.';
comment on column public.lead_recipients.spam is 'A copy of the request''s spam mark, kept by triggers, so a listing''s requests are read and counted without reading the requests.';

comment on table public.lead_consents is 'The consent each sent request carries: the sentence the renter was shown beside the submit button, naming the vendors that may call or text them.';
comment on column public.lead_consents.text is 'The consent sentence exactly as shown (private.consent_text with the recipients'' names).';
comment on column public.lead_consents.vendor_ids is 'The vendors the sentence named, in routing order.';
comment on column public.lead_consents.page is 'The path of the site page the request was sent from.';
comment on column public.lead_consents.client_hash is 'The keyed hash of the renter''s network address when they consented; null after erasure.';
comment on column public.lead_consents.given_at is 'When the renter consented (sent the request).';

comment on column private.lead_transitions.action is 'What is done, the name private.lead_move is called with, e.g. send, withdraw, book, quote or erase.';
comment on column private.lead_transitions.actor is 'Who may do it: renter, business, operator or job (the retention job).';

-- Quotes and bookings ------------------------------------------------------------------------

comment on table public.quotes is 'Vendors'' itemized quotes for requests they received; a vendor''s new quote for the same request replaces its open one as a new revision.';
comment on column public.quotes.vendor_id is 'The quoting vendor; with lead_id it is a foreign key to lead_recipients, so only a vendor that received the request can quote it.';
comment on column public.quotes.revision is 'The quote''s number among the vendor''s quotes for the request, from 1.';
comment on column public.quotes.status is 'open (bookable until valid_until), replaced by a revision, withdrawn by the vendor, closed (the renter booked another quote or withdrew the request) or booked.';
comment on column public.quotes.machine_class is 'The class of machine quoted: small, medium or large wheeled (by rated operating capacity) or track.';
comment on column public.quotes.model is 'The model offered, when the vendor names one.';
comment on column public.quotes.available is 'The machine is available on the requested dates; when false, alternate_start and alternate_end give the dates offered instead.';
comment on column public.quotes.alternate_start is 'The first day offered instead of the requested dates; null when available.';
comment on column public.quotes.alternate_end is 'The last day offered instead of the requested dates; null when available.';
comment on column public.quotes.lines is 'The priced lines, 1 to 8 objects {kind, label, quantity, unit_cents, amount_cents}, each amount computed from its quantity and unit price (private.quote_totals).';
comment on column public.quotes.included_hours is 'The machine''s meter hours included in the price; null when not stated.';
comment on column public.quotes.over_hour_cents is 'The price of each meter hour beyond included_hours, in US cents.';
comment on column public.quotes.fuel_policy is 'full_to_full (return it full), charged (fuel used is charged) or included; null when not stated.';
comment on column public.quotes.tax_percent is 'The sales tax percent applied to the subtotal; null for none.';
comment on column public.quotes.subtotal_cents is 'The sum of the lines'' amounts, in US cents.';
comment on column public.quotes.tax_cents is 'The sales tax, subtotal_cents times tax_percent rounded to the cent, in US cents.';
comment on column public.quotes.total_cents is 'subtotal_cents plus tax_cents, in US cents.';
comment on column public.quotes.message is 'The vendor''s note to the renter; null after erasure.';
comment on column public.quotes.valid_until is 'Until when the renter can book the quote: at most 14 days after it was made, and never past the rental''s start.';
comment on column public.quotes.closed_at is 'When the quote stopped being open (replaced, withdrawn, closed or booked).';

comment on table public.bookings is 'The renter''s booking of one quote, at most one per request; the request is in state booked exactly while its booking is.';
comment on column public.bookings.vendor_id is 'The vendor of the booked quote.';
comment on column public.bookings.status is 'booked, or cancelled (by the renter before the first day booked, or by erasure).';
comment on column public.bookings.cancel_reason is 'The renter''s reason for cancelling; null while booked, for a cancellation by erasure, and after erasure.';
comment on column public.bookings.cancelled_at is 'When the booking was cancelled.';

-- Reviews ------------------------------------------------------------------------------------

comment on table public.reviews is 'Renters'' reviews of vendors that received their request, one per request and vendor; each waits for the operator to publish or reject it, and the public reads published ones, their public columns only.';
comment on column public.reviews.vendor_id is 'The vendor reviewed; with lead_id it is a foreign key to lead_recipients, so only a vendor that received the request can be reviewed for it.';
comment on column public.reviews.author is 'The renter''s first name and initial, as the review shows them (reviewer_name).';
comment on column public.reviews.machine is 'The machine the request asked for (wheeled or tracked), copied from it.';
comment on column public.reviews.requested_at is 'When the reviewed request was sent, copied from its completed_at.';
comment on column public.reviews.status is 'pending (waiting for the operator, again after an edit), published or rejected.';
comment on column public.reviews.held_reason is 'Why the text needs a closer look (a link, contact details, text found in other reviews), shown to the operator; null when nothing was found.';
comment on column public.reviews.reject_reason is 'The operator''s reason for rejecting the review.';
comment on column public.reviews.reply is 'The business''s one public reply, which it may edit.';
comment on column public.reviews.replied_at is 'When the reply was last set.';
comment on column public.reviews.reported_at is 'When the business reported the published review to the operator; cleared when the operator decides.';
comment on column public.reviews.report_reason is 'The business''s reason for reporting the review.';
comment on column public.reviews.published_at is 'When the operator published the review; null while it is pending (an edit clears it) or rejected.';

comment on table private.review_totals is 'The count and stars of every published review of the site in one row, kept by the review_counts trigger, for the site-wide average the rankings use (review_site_average).';
comment on column private.review_totals.only_row is 'Always true: the primary key that keeps the table to one row.';
comment on column private.review_totals.count is 'How many published reviews the site has.';
comment on column private.review_totals.stars is 'The sum of the stars of all published reviews.';

-- Rate cards ---------------------------------------------------------------------------------

comment on table public.rate_cards is 'What a vendor charges, one card per vendor, with its classes and fees; visitors read the published cards of listed vendors.';
comment on column public.rate_cards.delivery_fee is 'The flat delivery fee each way within delivery_miles, in US dollars; null (with the other delivery columns) when the vendor does not deliver.';
comment on column public.rate_cards.delivery_miles is 'The miles the flat delivery fee covers.';
comment on column public.rate_cards.delivery_per_mile is 'The delivery charge per whole mile beyond delivery_miles, each way, in US dollars.';
comment on column public.rate_cards.waiver_percent is 'The damage waiver as a percent of the rental; null when not offered.';
comment on column public.rate_cards.published is 'Visitors may read the card (while its vendor is listed); the console and the business read it either way.';
comment on column public.rate_cards.sample is 'Fictitious sample data (the seeded directory), shown as such wherever it shows; a card stored by set_rate_card never is.';
comment on column public.rate_cards.confirmed_on is 'The day the rates were last confirmed; pages show it, and advise asking the vendor when it is over 180 days old.';
comment on column public.rate_cards.updated_by is 'Who last stored the card: an operator''s email, "business <email>", "import" or "sample data".';

comment on table public.rate_card_classes is 'A rate card''s rates for each machine class the vendor rents, in US dollars.';
comment on column public.rate_card_classes.class is 'small (wheeled, under 1,750 lb rated operating capacity), medium (1,750 to 2,200 lb), large (over 2,200 lb) or track (compact track loader).';
comment on column public.rate_card_classes.day_rate is 'The price of one day, in US dollars.';
comment on column public.rate_card_classes.week_rate is 'The price of one week, in US dollars, at most 7 days'' price; null when not offered.';
comment on column public.rate_card_classes.four_week_rate is 'The price of four weeks, in US dollars, at most four times the week rate (or 28 days'' price); null when not offered.';
comment on column public.rate_card_classes.day_hours is 'The meter hours a day includes; null when the vendor states none.';
comment on column public.rate_card_classes.week_hours is 'The meter hours a week includes; null when the vendor states none.';
comment on column public.rate_card_classes.four_week_hours is 'The meter hours four weeks include; null when the vendor states none.';

comment on table public.rate_card_fees is 'A rate card''s other fees, up to five, each a percent of the rental or a fixed amount per rental.';
comment on column public.rate_card_fees.position is 'The fee''s place on the card, 1 to 5.';
comment on column public.rate_card_fees.percent is 'The fee as a percent of the rental; null when it is a fixed amount.';
comment on column public.rate_card_fees.amount is 'The fee as a fixed amount per rental, in US dollars; null when it is a percent.';

-- The outbox ---------------------------------------------------------------------------------

comment on table public.outbox_messages is 'Every email and lead webhook the site sends, queued in the same transaction as the change it reports and sent by claim (claim_outbox_messages) with retries.';
comment on column public.outbox_messages.lead_id is 'The request the message is about; set exactly for the kinds that concern one (outbox_messages_lead_of_kind).';
comment on column public.outbox_messages.vendor_id is 'The listing the message goes to or is about: a recipient of a request''s lead email, the quoting or booked vendor, or the listing of a claim or "listing live" email.';
comment on column public.outbox_messages.channel is 'email, or webhook (a request sent to the operator''s LEAD_WEBHOOK_URL).';
comment on column public.outbox_messages.status is 'pending (due at next_attempt_at), sending (claimed), sent, or failed (out of attempts, or cancelled by a withdrawal, a spam mark or erasure).';
comment on column public.outbox_messages.attempts is 'How many times a sender has claimed the message.';
comment on column public.outbox_messages.next_attempt_at is 'When the message is next due: now when queued, later for a review invitation or a retry (doubling from 30 seconds).';
comment on column public.outbox_messages.claim_id is 'The current sender''s claim; only the claim that took the message may record its outcome.';
comment on column public.outbox_messages.claimed_until is 'When the claim lapses, after which another sender may take the message (a crashed sender''s messages come back).';
comment on column public.outbox_messages.sent_at is 'When the message was sent.';
comment on column public.outbox_messages.sent_via is 'How it was sent: smtp, file (an .eml file when no SMTP server is configured) or webhook.';
comment on column public.outbox_messages.last_error is 'The last failure''s error, or why the message was cancelled; emptied by retention and erasure.';
comment on column public.outbox_messages.kind is 'The message''s template: lead, renter_copy, review_invite, quote, quote_withdrawn, booked, booking_confirmation, chose_another, booking_cancelled, listing_live, sign_in, claim_link or review_published.';
comment on column public.outbox_messages.payload is 'What the template needs beyond the rows it names (e.g. the quote''s id, the renter copy''s vendors and phones); emptied by retention and erasure.';
comment on column public.outbox_messages.recipient is 'The email address of a message that does not go to a request''s vendor (renter, business, sign-in address); null for lead emails and webhooks, and after retention or erasure.';

comment on table public.outbox_attempts is 'One row for each time a sender recorded an outbox message''s outcome, for the operator''s delivery reports.';
comment on column public.outbox_attempts.ok is 'The attempt sent the message.';
comment on column public.outbox_attempts.sent_via is 'How it was sent when ok: smtp, file or webhook.';
comment on column public.outbox_attempts.error is 'The failure''s error; emptied by retention and erasure, since it can quote an address.';

-- Businesses ---------------------------------------------------------------------------------

comment on table public.vendor_managers is 'The people who manage a listing: its owner and the colleagues added since; a business session signs in an email and may manage what this table says, read on every request.';
comment on column public.vendor_managers.email is 'The person''s email address, in lower case, with which they sign in.';
comment on column public.vendor_managers.role is 'owner (at most one per listing, who claimed it) or colleague.';
comment on column public.vendor_managers.added_by is 'Who added the person: "submission", "claim link", the operator''s email (an approved claim) or the owner''s email (a colleague).';

comment on table public.vendor_claims is 'Claims of listings waiting for (or decided by) the operator: those from an address that is neither the listing''s email nor at its website''s domain, or made after someone already owns it.';
comment on column public.vendor_claims.email is 'The claimant''s email address, in lower case.';
comment on column public.vendor_claims.name is 'The claimant''s name.';
comment on column public.vendor_claims.phone is 'The claimant''s phone number, when given.';
comment on column public.vendor_claims.note is 'The claimant''s note to the operator.';
comment on column public.vendor_claims.status is 'new (waiting for the operator), approved or rejected.';
comment on column public.vendor_claims.review_reason is 'The operator''s reason for the decision, when given.';
comment on column public.vendor_claims.reviewed_by is 'The email of the operator who decided.';
comment on column public.vendor_claims.reviewed_at is 'When the operator decided.';

comment on table public.vendor_change_requests is 'A business''s change of its listing''s name or website, which waits for the operator; a newer request rejects the one still waiting.';
comment on column public.vendor_change_requests.email is 'The address of the manager who asked.';
comment on column public.vendor_change_requests.changes is 'The fields asked for: {name} and/or {site}, the site already normalized.';
comment on column public.vendor_change_requests.status is 'new (waiting for the operator), approved or rejected.';
comment on column public.vendor_change_requests.review_reason is 'The operator''s reason, or "replaced by a newer request".';
comment on column public.vendor_change_requests.reviewed_by is 'The email of the operator who decided; null when a newer request replaced it.';
comment on column public.vendor_change_requests.reviewed_at is 'When it was decided or replaced.';

comment on table public.vendors_submissions is 'Businesses submitted through the public form, each waiting for the operator to approve it as a listing, reject it or mark it a duplicate.';
comment on column public.vendors_submissions.name_for_emails is 'The name without punctuation ("&" as "and"), for an email''s display name (name_for_emails); given in the reporting API.';
comment on column public.vendors_submissions.site is 'The website as submitted, normalized like vendors.site by the same trigger.';
comment on column public.vendors_submissions.full_address is 'The address as typed in the form.';
comment on column public.vendors_submissions.street is 'The address as typed in the form (the same text as full_address).';
comment on column public.vendors_submissions.city is 'The slug of the city chosen in the form (cities.slug of the chosen state).';
comment on column public.vendors_submissions.postal_code is 'The ZIP code as typed: 5 digits, or ZIP+4.';
comment on column public.vendors_submissions.state is 'The slug of the state chosen in the form (states.slug).';
comment on column public.vendors_submissions.cid is 'The submission''s id in the reporting API: "SUB" and the SHA-256 (hex) of the website as typed (trimmed, before normalizing), unique so the same website text is submitted once.';
comment on column public.vendors_submissions.client_key is 'The keyed hash of the submitter''s network address, the abuse limits'' key.';
comment on column public.vendors_submissions.email is 'The business''s email address, when given: on approval it becomes the listing''s owner and is told the listing is live.';
comment on column public.vendors_submissions.status is 'new (waiting for the operator), approved, rejected or duplicate.';
comment on column public.vendors_submissions.review_reason is 'The operator''s reason for a rejection or duplicate.';
comment on column public.vendors_submissions.reviewed_at is 'When the operator decided.';
comment on column public.vendors_submissions.reviewed_by is 'The email of the operator who decided.';
comment on column public.vendors_submissions.vendor_id is 'The listing made from the submission when it was approved.';
comment on column public.vendors_submissions.website_key is 'The website as duplicates are compared, generated from site; the console shows listings and submissions that share it.';

-- Sign-in, links and abuse limits ------------------------------------------------------------

comment on table public.operators is 'The operator console''s accounts, managed from the command line (npm run operator).';
comment on column public.operators.password_hash is 'The password''s scrypt hash ("scrypt$..."), computed by the server; never a password.';

comment on table public.operator_audit is 'The audit log: who did what to which record, written by the operators'' and businesses'' functions and by the server (sign-ins, imports).';
comment on column public.operator_audit.at is 'When it was done.';
comment on column public.operator_audit.operator_email is 'Who did it: an operator''s email, "business <email>" for a business''s own edits, or "shell" for the command line.';
comment on column public.operator_audit.action is 'What was done, a short name such as approve, spam, rates or claim.';
comment on column public.operator_audit.subject is 'The record it was done to, e.g. "vendor 12", "lead 40" or "submission 3".';
comment on column public.operator_audit.details is 'What changed or was given, as JSON.';

comment on table public.sessions is 'The signed-in sessions of every role: a cookie holds a random token and this table its SHA-256, the role and who.';
comment on column public.sessions.token_hash is 'The SHA-256 (hex) of the session cookie''s token; the token itself is never stored.';
comment on column public.sessions.role is 'The role the session signs in: operator or business.';
comment on column public.sessions.subject is 'Who is signed in: the operator''s or the business manager''s email address.';
comment on column public.sessions.expires_at is 'When the session ends (12 hours for an operator, 30 days for a business); the retention job deletes it some days after.';

comment on table public.auth_links is 'Links emailed to act without a session (sign in, claim, a lead email''s links, a renter''s status link): the SHA-256 of each token, its one purpose and its expiry.';
comment on column public.auth_links.token_hash is 'The SHA-256 (hex) of the link''s token, stored when the email is rendered; the token itself is never stored.';
comment on column public.auth_links.purpose is 'What the link does: sign_in, claim, lead_contacted ("I''ve contacted this customer"), opt_out ("Stop sending me requests"), lead_status (a renter''s status page) or lead_quote ("Send a quote").';
comment on column public.auth_links.email is 'The address the link was emailed to and acts for: the business''s, the listing''s email on file, or the renter''s.';
comment on column public.auth_links.vendor_id is 'The listing the link acts on; null for sign-in and status links.';
comment on column public.auth_links.lead_id is 'The request the link acts on, for lead_contacted, lead_status and lead_quote links.';
comment on column public.auth_links.expires_at is 'After this the link works no more; the retention job deletes it some days after.';
comment on column public.auth_links.used_at is 'When the link was first used (business_link_use): a sign-in, claim or lead_contacted link works only while it is null, an opt_out link any number of times; status and quote links never set it.';

comment on table public.auth_throttle is 'Failed operator sign-ins per key: beyond a key''s free failures it is blocked for 1, 2, 4, 8, then 15 minutes, and an hour without failures starts it afresh.';
comment on column public.auth_throttle.key is 'What failed: "operator:address:<hash>" for the client''s address, or "operator:pair:<hash>" for the address and the account typed, never whether the account exists.';
comment on column public.auth_throttle.failures is 'Failures counted since the key last started afresh.';
comment on column public.auth_throttle.last_failure_at is 'When the key last failed.';
comment on column public.auth_throttle.blocked_until is 'Until when the key may not try again; null when it has not been blocked.';

comment on table public.write_attempts is 'The abuse limits'' counts: one row per attempt of a kind of write by one client, counted within a window by count_write_attempt.';
comment on column public.write_attempts.kind is 'The write limited: lead, submission, claim, review, sign_in (per client) or sign_in_email (per address).';
comment on column public.write_attempts.client_key is 'Whose attempt: the keyed hash of the client''s network address, or "email-" and the MD5 of the address for sign_in_email.';

-- Indexes whose purpose their name does not say ----------------------------------------------

comment on index public.outbox_messages_one_per_lead_recipient is 'One message of a kind per request, vendor, channel and quote, so that queuing it again cannot send it twice.';
comment on index public.quotes_one_open_idx is 'At most one open quote per request and vendor.';
comment on index public.vendor_managers_one_owner_idx is 'At most one owner per listing.';
comment on index public.leads_phone_digits_idx is 'A person''s requests by the last 10 digits of their phone, however it was typed (private.person_leads).';
comment on index public.leads_drafts_by_change_idx is 'Drafts by last change, for the retention job''s deletion of old drafts.';
comment on index public.leads_personal_by_completion_idx is 'Sent requests not yet erased, oldest first, for the retention job.';
comment on index public.outbox_messages_kept_sent_idx is 'Sent messages that still hold contents, for the retention job.';
comment on index public.outbox_messages_kept_failed_idx is 'Failed messages that still hold contents, for the retention job.';
comment on index public.outbox_messages_link_emails_idx is 'Sign-in and claim link emails, which the retention job deletes a week after.';
comment on index public.outbox_messages_review_idx is 'The "review published" emails of a review, which erasure empties.';
comment on index public.lead_recipients_vendor_newest_idx is 'A listing''s requests newest first, with their spam mark, read and counted without the requests.';
comment on index public.lead_recipients_vendor_answers_idx is 'A vendor''s answers with their email times, from which its response time is computed.';
comment on index public.vendors_state_plain_idx is 'A state''s listed vendors without reviews, by name, as its page ranks them.';
comment on index public.vendors_state_reviewed_idx is 'A state''s listed vendors with published reviews, which its page ranks first.';
comment on index public.vendors_state_responding_idx is 'A state''s listed vendors with a response time, which its page ranks first while recent.';
comment on index public.vendors_listed_idx is 'The listed vendors with a page, in key order, as the sitemaps read them.';
comment on index public.cities_latitude_longitude_idx is 'The cities in a box around a job site, for lead routing.';
comment on index public.rate_card_classes_day_rate_idx is 'A vendor''s lowest day rate, by which a city''s vendors are sorted by price.';
