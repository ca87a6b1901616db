-- "Use my location" gives nearest_zip the ZIP codes nearest the position by their own points.
drop function public.nearest_zip(double precision,double precision);
