-- Each state's time zone again. The column came with its zones for the states already there, but an
-- install whose states were seeded after it (supabase/seed.sql runs after the migrations) kept the
-- default, America/Chicago, for every state: job sites' delivery days and vendors' business and
-- quiet hours were read an hour or more off outside the Central zone. The seed now writes each
-- state's zone itself.
update public.states s set time_zone = z.zone from (values
  ('AL', 'America/Chicago'), ('AK', 'America/Anchorage'), ('AZ', 'America/Phoenix'), ('AR', 'America/Chicago'),
  ('CA', 'America/Los_Angeles'), ('CO', 'America/Denver'), ('CT', 'America/New_York'), ('DE', 'America/New_York'),
  ('DC', 'America/New_York'), ('FL', 'America/New_York'), ('GA', 'America/New_York'), ('HI', 'Pacific/Honolulu'),
  ('ID', 'America/Boise'), ('IL', 'America/Chicago'), ('IN', 'America/Indiana/Indianapolis'), ('IA', 'America/Chicago'),
  ('KS', 'America/Chicago'), ('KY', 'America/New_York'), ('LA', 'America/Chicago'), ('ME', 'America/New_York'),
  ('MD', 'America/New_York'), ('MA', 'America/New_York'), ('MI', 'America/Detroit'), ('MN', 'America/Chicago'),
  ('MS', 'America/Chicago'), ('MO', 'America/Chicago'), ('MT', 'America/Denver'), ('NE', 'America/Chicago'),
  ('NV', 'America/Los_Angeles'), ('NH', 'America/New_York'), ('NJ', 'America/New_York'), ('NM', 'America/Denver'),
  ('NY', 'America/New_York'), ('NC', 'America/New_York'), ('ND', 'America/Chicago'), ('OH', 'America/New_York'),
  ('OK', 'America/Chicago'), ('OR', 'America/Los_Angeles'), ('PA', 'America/New_York'), ('RI', 'America/New_York'),
  ('SC', 'America/New_York'), ('SD', 'America/Chicago'), ('TN', 'America/Chicago'), ('TX', 'America/Chicago'),
  ('UT', 'America/Denver'), ('VT', 'America/New_York'), ('VA', 'America/New_York'), ('WA', 'America/Los_Angeles'),
  ('WV', 'America/New_York'), ('WI', 'America/Chicago'), ('WY', 'America/Denver'), ('PR', 'America/Puerto_Rico')
) as z(code, zone) where s.code = z.code and s.time_zone = 'America/Chicago' and z.zone <> 'America/Chicago';
