-- A rate card can be read for one class (a price comparison reads one): the function takes a
-- second argument, so its one-argument form goes; the next migration creates the new one.
drop function public.rate_card_json(bigint);
