-- business_leads' 90-day win rate now counts a listing's first quotes, as the charts do.
comment on index public.quotes_vendor_first_idx is 'A listing''s first quotes by when they were sent, with their request: the /business charts'' weekly quotes and wins, and the 90-day win rate (business_leads).';
comment on index public.quotes_vendor_idx is 'A listing''s quotes by when they were sent, with their request; what a listing''s deletion checks its quotes by.';
