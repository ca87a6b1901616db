-- Lead routing looks at the vendors in a box around the job site: the cities' coordinates
-- are indexed for that range, and each serviced ZIP's vendors by ZIP (vendors_serviced's
-- primary key leads with the vendor).
create index cities_latitude_longitude_idx on public.cities (latitude, longitude);
